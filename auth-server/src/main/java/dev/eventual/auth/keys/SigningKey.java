package dev.eventual.auth.keys;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.text.ParseException;
import java.util.UUID;

/**
 * The RSA key that signs every token, created at the first start and kept in a file only this server's
 * user may read ({@code eventual.auth.signing-key-file}): tokens stay valid across restarts, and no key
 * ever lives in the repository. Services fetch the public half from {@code /oauth2/jwks} and cache it.
 */
@Configuration(proxyBeanMethods = false)
class SigningKey {

    private static final Logger log = LoggerFactory.getLogger(SigningKey.class);
    private static final int RSA_BITS = 2048;

    @Bean
    JWKSource<SecurityContext> jwkSource(KeyProperties properties) {
        return new ImmutableJWKSet<>(new JWKSet(readOrCreate(properties.signingKeyFile())));
    }

    static RSAKey readOrCreate(Path file) {
        try {
            if (Files.exists(file)) {
                return RSAKey.parse(Files.readString(file, StandardCharsets.UTF_8));
            }
            RSAKey key = new RSAKeyGenerator(RSA_BITS).keyUse(KeyUse.SIGNATURE).keyID(UUID.randomUUID().toString()).generate();
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path written = file.resolveSibling(file.getFileName() + ".new");
            Files.deleteIfExists(written);
            Files.createFile(written, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(written, key.toJSONString(), StandardCharsets.UTF_8);
            Files.move(written, file, StandardCopyOption.ATOMIC_MOVE);
            log.info("Signing key {} created in {}", key.getKeyID(), file);
            return key;
        } catch (IOException | ParseException | JOSEException e) {
            throw new IllegalStateException("cannot read or create the signing key " + file, e);
        }
    }
}
