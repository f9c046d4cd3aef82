package dev.eventual.consumer.retention;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class RetentionPropertiesTest {

    private static final RetentionProperties OWN = new RetentionProperties(Duration.ofDays(30), Duration.ofMinutes(5),
            Duration.ofDays(1), Duration.ofHours(72), 1000, Duration.ofSeconds(20));

    @Test
    void theCallersHorizonCountsOnlyWhenItIsTheLongerOne() {
        assertThat(OWN.withCallerHorizon(Duration.ofHours(2))).isEqualTo(OWN);
        assertThat(OWN.withCallerHorizon(Duration.ofDays(3))).isEqualTo(new RetentionProperties(Duration.ofDays(30),
                Duration.ofMinutes(5), Duration.ofDays(3), Duration.ofHours(72), 1000, Duration.ofSeconds(20)));
    }
}
