package dev.eventual.web;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The shared secret that guards {@code /internal/**} and that Feign clients send. There is no
 * default: a service refuses to start without one, so no well-known token can ship.
 *
 * @param serviceToken {@code eventual.security.service-token} (env {@code EVENTUAL_SERVICE_TOKEN}),
 *                     at least 16 characters
 */
@Validated
@ConfigurationProperties("eventual.security")
public record ServiceTokenProperties(@NotBlank @Size(min = 16) String serviceToken) {

    /** Constant-time comparison: the token must not leak through response timing. */
    public boolean matches(String candidate) {
        return candidate != null && MessageDigest.isEqual(serviceToken.getBytes(StandardCharsets.UTF_8),
                candidate.getBytes(StandardCharsets.UTF_8));
    }
}
