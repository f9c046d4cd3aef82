package dev.eventual.order;

import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.order.support.OrderServiceIT;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A token the real auth-server issued is verified on its first request and found in web-support's cache on the
 * next (issue 41, docs/security.md "Checking a token"); one character changed, it is verified and refused.
 */
@OrderServiceIT
class TokenCacheIT {

    private static final String METER = "eventual.auth.token-cache";

    @LocalServerPort
    int port;

    @Autowired
    MeterRegistry meters;

    @Test
    void theSameTokenIsVerifiedOnceAndOneCharacterOffIsRefused() {
        // a customer of its own: a token no other request of this context has sent
        long userId = ThreadLocalRandom.current().nextLong(2_000_000_001L, 3_000_000_000L);
        String token = TestInfrastructure.shared().authServer().tokens().customer(userId);
        double hits = count("hit");
        double misses = count("miss");

        assertThat(read(token)).isEqualTo(404);
        assertThat(read(token)).isEqualTo(404);

        assertThat(count("miss") - misses).as("verifications").isEqualTo(1);
        assertThat(count("hit") - hits).isEqualTo(1);

        // inside the signature, where every character carries six bits
        int at = token.length() - 10;
        String changed = token.substring(0, at) + (token.charAt(at) == 'A' ? 'B' : 'A') + token.substring(at + 1);
        assertThat(read(changed)).isEqualTo(401);
        assertThat(count("miss") - misses).as("verifications").isEqualTo(2);
        assertThat(count("hit") - hits).isEqualTo(1);
    }

    /** Someone else's order or none: 404 either way, once the token has been accepted. */
    private int read(String token) {
        return HttpCall.get(port, "/api/orders/1").bearer(token).send().status();
    }

    private double count(String result) {
        return meters.get(METER).tag("result", result).counter().count();
    }
}
