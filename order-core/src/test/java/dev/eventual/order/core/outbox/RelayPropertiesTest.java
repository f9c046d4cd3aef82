package dev.eventual.order.core.outbox;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class RelayPropertiesTest {

    private final RelayProperties defaults = new RelayProperties(true, Duration.ofSeconds(1), 100, 16,
            Duration.ofSeconds(1), Duration.ofMinutes(10), Duration.ofSeconds(5));

    @Test
    void theBackOffDoublesFromTheFirstUpToTheLongest() {
        assertThat(defaults.backOffAfter(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(defaults.backOffAfter(2)).isEqualTo(Duration.ofSeconds(2));
        assertThat(defaults.backOffAfter(10)).isEqualTo(Duration.ofSeconds(512));
        assertThat(defaults.backOffAfter(11)).isEqualTo(Duration.ofMinutes(10));
        assertThat(defaults.backOffAfter(1_000)).isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void theDefaultsGiveARowAboutAnHourOfFailedSendsBeforeItsWorkOrder() {
        Duration total = Duration.ZERO;
        for (int attempt = 1; attempt < defaults.maxAttempts(); attempt++) {
            total = total.plus(defaults.backOffAfter(attempt));
        }
        assertThat(total).isEqualTo(Duration.ofSeconds(1023 + 5 * 600));
    }
}
