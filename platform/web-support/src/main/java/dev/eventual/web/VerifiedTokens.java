package dev.eventual.web;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * The resource server's decoder, remembering each token it verified by its exact string until the token's
 * {@code exp} (docs/security.md, "Checking a token"): a caller sends the same token on every request for its
 * lifetime, and its signature, issuer, audience and times were checked the first time. A hit compares the
 * whole string, so a token differing by one character is verified like any other; once {@code exp} has
 * passed the entry is gone and the token goes to the decoder, which refuses it past its clock skew. Refused
 * tokens are never kept.
 */
final class VerifiedTokens implements JwtDecoder {

    static final String METER = "eventual.auth.token-cache";

    private final JwtDecoder verifier;
    private final Clock clock;
    private final Cache<String, Jwt> verified;
    private final Counter hits;
    private final Counter misses;

    VerifiedTokens(JwtDecoder verifier, long maximumSize, Clock clock, MeterRegistry meters) {
        this.verifier = verifier;
        this.clock = clock;
        // the wall clock as the cache's ticker: exp is a wall-clock time
        this.verified = Caffeine.newBuilder().maximumSize(maximumSize)
                .ticker(() -> TimeUnit.MILLISECONDS.toNanos(clock.millis()))
                .expireAfter(Expiry.<String, Jwt>creating((token, jwt) -> Duration.between(clock.instant(), jwt.getExpiresAt())))
                .build();
        this.hits = Counter.builder(METER).tag("result", "hit")
                .description("access tokens found verified in the cache").register(meters);
        this.misses = Counter.builder(METER).tag("result", "miss")
                .description("access tokens handed to the decoder to verify").register(meters);
    }

    @Override
    public Jwt decode(String token) {
        Jwt known = verified.getIfPresent(token);
        if (known != null) {
            hits.increment();
            return known;
        }
        misses.increment();
        Jwt jwt = verifier.decode(token);
        Instant expiresAt = jwt.getExpiresAt();
        // web-support requires exp (CallerSecurityAutoConfiguration); one within the clock skew past it is not kept
        if (expiresAt != null && expiresAt.isAfter(clock.instant())) {
            verified.put(token, jwt);
        }
        return jwt;
    }
}
