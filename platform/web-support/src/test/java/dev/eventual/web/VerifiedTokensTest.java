package dev.eventual.web;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtValidationException;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Tokens really signed and really verified (TestJwts); the verifications counted in front of the decoder. */
class VerifiedTokensTest {

    private final MovableClock clock = new MovableClock(Instant.now());
    private final AtomicInteger verifications = new AtomicInteger();
    private final JwtDecoder verifier = TestJwts.decoder(clock);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final VerifiedTokens tokens = new VerifiedTokens(token -> {
        verifications.incrementAndGet();
        return verifier.decode(token);
    }, 100, clock, meters);

    @Test
    void theSameTokenTwiceIsVerifiedOnce() {
        String token = TestJwts.token("alice", "customer", 1L);

        Jwt first = tokens.decode(token);
        Jwt second = tokens.decode(token);

        assertThat(verifications).hasValue(1);
        assertThat(second).isSameAs(first);
        assertThat(meters.counter(VerifiedTokens.METER, "result", "miss").count()).isEqualTo(1);
        assertThat(meters.counter(VerifiedTokens.METER, "result", "hit").count()).isEqualTo(1);
    }

    @Test
    void aTokenDifferingByOneCharacterIsVerifiedAndRefused() {
        String token = TestJwts.token("alice", "customer", 1L);
        tokens.decode(token);
        // inside the signature, where every character carries six bits (the last one may carry padding only)
        int at = token.length() - 10;
        String changed = token.substring(0, at) + (token.charAt(at) == 'A' ? 'B' : 'A') + token.substring(at + 1);

        assertThatThrownBy(() -> tokens.decode(changed)).isInstanceOf(BadJwtException.class);
        assertThat(verifications).hasValue(2);
        assertThatThrownBy(() -> tokens.decode(changed)).isInstanceOf(BadJwtException.class);
        assertThat(verifications).as("a refused token is not kept").hasValue(3);
    }

    @Test
    void aCachedTokenPastItsExpiryIsVerifiedAgainAndRefused() {
        String token = TestJwts.token("alice", "customer", 1L,
                claims -> claims.expirationTime(Date.from(clock.instant().plus(Duration.ofMinutes(5)))));
        tokens.decode(token);

        clock.move(Duration.ofMinutes(5).plusSeconds(1));
        // within the decoder's 60 s of skew: verified again, accepted, and not kept
        assertThat(tokens.decode(token).getSubject()).isEqualTo("alice");
        assertThat(verifications).hasValue(2);

        clock.move(Duration.ofSeconds(60));
        assertThatThrownBy(() -> tokens.decode(token)).isInstanceOf(JwtValidationException.class)
                .hasMessageContaining("expired");
        assertThat(verifications).hasValue(3);
        assertThat(meters.counter(VerifiedTokens.METER, "result", "hit").count()).isZero();
    }

    /** The wall clock of the cache and of the decoder, moved by the test instead of waited for. */
    private static final class MovableClock extends Clock {

        private Instant now;

        MovableClock(Instant now) {
            this.now = now;
        }

        void move(Duration by) {
            now = now.plus(by);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
