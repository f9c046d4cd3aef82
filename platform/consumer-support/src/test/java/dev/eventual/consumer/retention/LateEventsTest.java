package dev.eventual.consumer.retention;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LateEventsTest {

    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
    private static final RetentionProperties DEFAULTS = new RetentionProperties(Duration.ofDays(30),
            Duration.ofMinutes(5), Duration.ofDays(1), Duration.ofHours(72), 1000, Duration.ofSeconds(20));

    private final LateEvents late = new LateEvents(DEFAULTS, Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void anEventIsLateFromTheRetentionLessTheSkewAllowanceOn() {
        Instant horizon = NOW.minus(Duration.ofDays(30)).plus(Duration.ofMinutes(5));

        assertThat(late.beyondRetention(horizon)).isFalse();
        assertThat(late.beyondRetention(horizon.minusMillis(1))).isTrue();
        assertThat(late.beyondRetention(null)).as("an unknown birth counts as late").isTrue();
        assertThat(late.refusal("event born", horizon)).isEmpty();
        assertThat(late.refusal("event born", horizon.minusMillis(1)))
                .hasValue("event born " + horizon.minusMillis(1) + ", older than the retention 30d");
    }

    @Test
    void theRetentionIsSaidInItsLargestExactUnit() {
        assertThat(LateEvents.words(Duration.ofDays(30))).isEqualTo("30d");
        assertThat(LateEvents.words(Duration.ofHours(36))).isEqualTo("36h");
        assertThat(LateEvents.words(Duration.ofMinutes(90))).isEqualTo("90m");
        assertThat(LateEvents.words(Duration.ofSeconds(45))).isEqualTo("45s");
        assertThat(LateEvents.words(Duration.ofMillis(1500))).isEqualTo("PT1.5S");
    }

    @Test
    void theFloorAddsEveryWayAnEventCanStillArrive() {
        // 1 d upstream + 4 h 45 min 40 s of 16 redeliveries + 72 h of dead letters + 2 x 5 min of skew
        assertThat(RetentionFloor.redeliveryWindow(16)).isEqualTo(Duration.ofMinutes(285).plusSeconds(40));
        assertThat(RetentionFloor.of(DEFAULTS, 16)).isEqualTo(Duration.ofDays(4).plusMinutes(285 + 10).plusSeconds(40));
        assertThat(RetentionFloor.redeliveryWindow(18)).as("after the 16th, the last delay repeats")
                .isEqualTo(RetentionFloor.redeliveryWindow(16).plusHours(4));
        RetentionProperties tooShort = new RetentionProperties(Duration.ofDays(4), Duration.ofMinutes(5),
                Duration.ofDays(1), Duration.ofHours(72), 1000, Duration.ofSeconds(20));
        assertThatThrownBy(() -> RetentionFloor.check(tooShort, 16, "eventual.inventory.max-reconsume-times"))
                .hasMessageContaining("eventual.consumer.retention.keep = PT96H")
                .hasMessageContaining("eventual.inventory.max-reconsume-times = 16");
    }
}
