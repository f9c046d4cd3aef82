package dev.eventual.notice.config;

import dev.eventual.consumer.ConsumerSupportAutoConfiguration;
import dev.eventual.consumer.retention.LateEvents;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * notice-service starts only with a retention that outlives every way an event can still arrive, its own broker
 * redeliveries ({@code eventual.notice.max-reconsume-times}) included (docs/retention.md): a shorter one fails the
 * start, saying why. With the defaults the floor is 1d (upstream) + 4h45m40s (16 redeliveries) + 72h (dead letters)
 * + 10m (skew, twice) = 100h55m40s.
 */
class RetentionStartTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(ConsumerSupportAutoConfiguration.class))
            .withUserConfiguration(NoticeServiceConfiguration.class);

    @Test
    void theDefaultRetentionStartsAndJudgesLateEventsByIt() {
        runner.withBean(Clock.class, () -> Clock.fixed(Instant.parse("2026-11-20T12:00:00Z"), ZoneOffset.UTC))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    LateEvents late = context.getBean(LateEvents.class);
                    assertThat(late.retention().keep()).isEqualTo(Duration.ofDays(30));
                    assertThat(late.beyondRetention(Instant.parse("2026-10-21T12:05:00Z"))).isFalse();
                    assertThat(late.beyondRetention(Instant.parse("2026-10-21T12:04:59Z"))).isTrue();
                });
    }

    @Test
    void aRetentionBelowTheFloorFailsTheStartNamingWhy() {
        runner.withPropertyValues("eventual.consumer.retention.keep=4d").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("eventual.consumer.retention.keep = PT96H is shorter than the last moment an event"
                            + " can still arrive, PT100H55M40S")
                    .hasMessageContaining("(eventual.notice.max-reconsume-times = 16)");
        });
    }

    /** The floor is this service's: 5 days outlive 16 redeliveries, not 32 (up to 2 h apart from the 15th on). */
    @Test
    void moreBrokerRedeliveriesRaiseTheFloor() {
        runner.withPropertyValues("eventual.consumer.retention.keep=5d").run(context -> assertThat(context).hasNotFailed());
        runner.withPropertyValues("eventual.consumer.retention.keep=5d", "eventual.notice.max-reconsume-times=32")
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause()
                            .hasMessageContaining("(eventual.notice.max-reconsume-times = 32)");
                });
    }
}
