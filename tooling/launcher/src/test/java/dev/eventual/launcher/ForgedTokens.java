package dev.eventual.launcher;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import dev.eventual.launcher.BadInput.Forgery;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;

/**
 * Bearer tokens forged from a real one of the suite's auth-server, the ways an attacker can without its
 * private key, which no test ever signs with: the claims changed and signed with a key of the test's own
 * (carrying the real header, so a service picks the suite's key by its {@code kid}), no signature at all,
 * HS256 with the public key the suite publishes at {@code /oauth2/jwks} as the secret, and the real
 * signature over a changed payload.
 * <p>
 * Spring Security checks the signature before the claims, so against the real suite every token signed
 * with the test's key is refused for its signature, whatever else is wrong with it; that each claim
 * check refuses on its own is web-support's CallerSecurityTest, with a key its decoder trusts. What these
 * prove is that the services as the suite runs them refuse each one, and write nothing.
 */
final class ForgedTokens {

    private static final RSAKey OWN_KEY = generate();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final JWKSet published;

    private ForgedTokens(JWKSet published) {
        this.published = published;
    }

    /** Reads the keys the suite's auth-server publishes (public keys only, as any client can). */
    static ForgedTokens against(String issuer) {
        try {
            HttpResponse<String> keys = HTTP.send(HttpRequest.newBuilder(URI.create(issuer + "/oauth2/jwks"))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            if (keys.statusCode() != 200) {
                throw new IllegalStateException("GET " + issuer + "/oauth2/jwks answered " + keys.statusCode());
            }
            JWKSet set = JWKSet.parse(keys.body());
            if (set.getKeys().stream().anyMatch(JWK::isPrivate)) {
                throw new IllegalStateException("the auth server published a private key");
            }
            return new ForgedTokens(set);
        } catch (IOException | ParseException e) {
            throw new IllegalStateException("cannot read the auth server's keys", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    String forge(Forgery forgery, String real) {
        try {
            SignedJWT token = SignedJWT.parse(real);
            JWTClaimsSet claims = token.getJWTClaimsSet();
            Instant now = Instant.now();
            return switch (forgery) {
                // well past the services' 60 s of clock skew
                case EXPIRED -> signedWithOwnKey(token, new JWTClaimsSet.Builder(claims)
                        .issueTime(Date.from(now.minus(Duration.ofHours(2)))).notBeforeTime(Date.from(now.minus(Duration.ofHours(2))))
                        .expirationTime(Date.from(now.minus(Duration.ofHours(1)))).build());
                case NOT_YET_VALID -> signedWithOwnKey(token, new JWTClaimsSet.Builder(claims)
                        .notBeforeTime(Date.from(now.plus(Duration.ofHours(1))))
                        .expirationTime(Date.from(now.plus(Duration.ofHours(2)))).build());
                case WRONG_ISSUER -> signedWithOwnKey(token, new JWTClaimsSet.Builder(claims).issuer("https://issuer.invalid").build());
                case WRONG_AUDIENCE -> signedWithOwnKey(token, new JWTClaimsSet.Builder(claims).audience("someone-else").build());
                case OWN_KEY -> signedWithOwnKey(token, claims);
                case ALG_NONE -> new PlainJWT(claims).serialize();
                case HS256_WITH_THE_PUBLIC_KEY -> signedWithThePublicKey(token, claims);
                case TAMPERED -> tampered(real, new JWTClaimsSet.Builder(claims).claim("roles", List.of("admin")).build());
            };
        } catch (ParseException | JOSEException e) {
            throw new IllegalStateException("cannot forge " + forgery, e);
        }
    }

    private static String signedWithOwnKey(SignedJWT real, JWTClaimsSet claims) throws JOSEException {
        SignedJWT forged = new SignedJWT(new JWSHeader.Builder(real.getHeader()).build(), claims);
        forged.sign(new RSASSASigner(OWN_KEY));
        return forged.serialize();
    }

    /** The key-confusion attack: a verifier that took the algorithm from the token would check an HMAC with the public key. */
    private String signedWithThePublicKey(SignedJWT real, JWTClaimsSet claims) throws JOSEException {
        JWK key = published.getKeyByKeyId(real.getHeader().getKeyID());
        if (!(key instanceof RSAKey rsa)) {
            throw new IllegalStateException("the auth server publishes no RSA key " + real.getHeader().getKeyID());
        }
        SignedJWT forged = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID(rsa.getKeyID()).build(), claims);
        forged.sign(new MACSigner(rsa.toRSAPublicKey().getEncoded()));
        return forged.serialize();
    }

    /** The real header and signature around another payload. */
    private static String tampered(String real, JWTClaimsSet claims) {
        String[] parts = real.split("\\.");
        return parts[0] + "." + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(claims.toString().getBytes(StandardCharsets.UTF_8)) + "." + parts[2];
    }

    private static RSAKey generate() {
        try {
            return new RSAKeyGenerator(2048).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }
}
