package dev.eventual.web;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A signing key of the test's own, which a decoder Spring Boot builds as in a service (with every
 * validator it has: CallerSecurityTest) trusts through {@link #trustTheTestKey}; {@link #decoder()} is a
 * decoder of its own for tests that do not examine the checks. Tokens are really signed, never mocked.
 */
final class TestJwts {

    static final String ISSUER = "https://issuer.test";
    static final String AUDIENCE = "eventual";
    private static final RSAKey KEY = generate();

    private TestJwts() {
    }

    /** Makes a decoder Spring Boot builds from {@code jwk-set-uri} trust the test's key instead of fetching keys. */
    static void trustTheTestKey(NimbusJwtDecoder.JwkSetUriJwtDecoderBuilder builder) {
        builder.jwtProcessorCustomizer(processor -> processor.setJWSKeySelector(
                new JWSVerificationKeySelector<>(JWSAlgorithm.RS256, new ImmutableJWKSet<>(new JWKSet(KEY.toPublicJWK())))));
    }

    static JwtDecoder decoder() {
        return decoder(Clock.systemUTC());
    }

    /** The same, judging expiry and not-before by {@code clock} (with Spring Security's 60 s of skew). */
    static JwtDecoder decoder(Clock clock) {
        try {
            NimbusJwtDecoder decoder = NimbusJwtDecoder.withPublicKey(KEY.toRSAPublicKey()).build();
            JwtTimestampValidator times = new JwtTimestampValidator();
            times.setClock(clock);
            decoder.setJwtValidator(new DelegatingOAuth2TokenValidator<>(times, new JwtIssuerValidator(ISSUER),
                    new JwtClaimValidator<List<String>>("aud", aud -> aud != null && aud.contains(AUDIENCE))));
            return decoder;
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    static JWTClaimsSet.Builder claims(String subject, String role, Long customerId) {
        Instant now = Instant.now();
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder().issuer(ISSUER).audience(AUDIENCE).subject(subject)
                .issueTime(Date.from(now)).notBeforeTime(Date.from(now)).expirationTime(Date.from(now.plus(Duration.ofMinutes(5))))
                .claim("roles", List.of(role));
        return customerId == null ? claims : claims.claim("customer_id", customerId);
    }

    /** A client's token as Spring Authorization Server issues it: no roles, its scopes as a list. */
    static String client(String clientId, String... scopes) {
        Instant now = Instant.now();
        return sign(new JWTClaimsSet.Builder().issuer(ISSUER).audience(AUDIENCE).subject(clientId)
                .issueTime(Date.from(now)).notBeforeTime(Date.from(now)).expirationTime(Date.from(now.plus(Duration.ofMinutes(5))))
                .claim("scope", List.of(scopes)).build());
    }

    static String token(String subject, String role, Long customerId) {
        return sign(claims(subject, role, customerId).build());
    }

    static String token(String subject, String role, Long customerId, UnaryOperator<JWTClaimsSet.Builder> change) {
        return sign(change.apply(claims(subject, role, customerId)).build());
    }

    static String sign(JWTClaimsSet claims) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(KEY.getKeyID()).build(), claims);
            jwt.sign(new RSASSASigner(KEY));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code alg: none}: no signature at all. */
    static String unsigned(JWTClaimsSet claims) {
        return new PlainJWT(claims).serialize();
    }

    /** HS256 with the public key's bytes as the secret: the classic key-confusion attack. */
    static String signedWithThePublicKey(JWTClaimsSet claims) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
            jwt.sign(new MACSigner(KEY.toRSAPublicKey().getEncoded()));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A valid token whose payload is replaced after signing. */
    static String tampered(String token, Map<String, Object> payload) {
        String[] parts = token.split("\\.");
        String json = new JWTClaimsSet.Builder(claimsOf(payload)).build().toString();
        return parts[0] + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes()) + "." + parts[2];
    }

    private static JWTClaimsSet claimsOf(Map<String, Object> payload) {
        JWTClaimsSet.Builder builder = new JWTClaimsSet.Builder();
        payload.forEach(builder::claim);
        return builder.build();
    }

    private static RSAKey generate() {
        try {
            return new RSAKeyGenerator(2048).keyID("test-key").generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }
}
