package dev.eventual.auth.keys;

import jakarta.validation.constraints.NotNull;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

import java.nio.file.Path;

/**
 * @param signingKeyFile where the signing key is kept (created at the first start, mode 0600); no
 *                       default, so that a key is never left somewhere nobody chose: the local suite
 *                       keeps it in its data directory, compose in a volume
 */
@Validated
@ConfigurationProperties("eventual.auth")
record KeyProperties(@NotNull Path signingKeyFile) {
}
