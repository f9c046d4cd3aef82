package dev.eventual.notice.delivery;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.consumer.retention.LateEvents;
import dev.eventual.consumer.retention.RetentionProperties;
import dev.eventual.notice.compose.NoticeRequest;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/** Which notices are too late to be sent without their record: by their own event's time, on a fixed clock. */
class LateNoticesTest {

    private static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");
    private static final Duration KEEP = Duration.ofDays(30);
    private static final Duration SKEW = Duration.ofMinutes(5);

    private final LateNotices late = new LateNotices(new LateEvents(new RetentionProperties(KEEP, SKEW, Duration.ofDays(1),
            Duration.ofHours(72), 1000, Duration.ofSeconds(20)), Clock.fixed(NOW, ZoneOffset.UTC)));

    @Test
    void anEventWithinTheRetentionIsNotRefused() {
        assertThat(late.refusal(created(NOW))).isNull();
        assertThat(late.refusal(created(NOW.minus(Duration.ofDays(29))))).isNull();
        // the producer's clock may run ahead of ours: an event from "the future" is fresh
        assertThat(late.refusal(created(NOW.plus(Duration.ofMinutes(3))))).isNull();
    }

    /** A record is cleaned at keep by the database's clock; events within the skew allowance of that are refused too. */
    @Test
    void theHorizonIsTheRetentionLessTheSkewAllowance() {
        Instant horizon = NOW.minus(KEEP).plus(SKEW);

        assertThat(late.refusal(created(horizon))).isNull();
        assertThat(late.refusal(created(horizon.minusMillis(1))))
                .isEqualTo("event born 2026-10-21T12:04:59.999Z, older than the retention 30d");
        assertThat(late.refusal(created(NOW.minus(Duration.ofDays(400))))).startsWith("event born 2025-10-16T12:00:00Z");
    }

    @Test
    void anEventWithoutATimeCountsAsLate() {
        assertThat(late.refusal(created(null))).isEqualTo("event born at an unknown time, older than the retention 30d");
    }

    @Test
    void aCancelIsJudgedByItsOwnTimeNotItsOrdersAge() {
        NoticeRequest recentCancelOfAnOldOrder = new NoticeRequest(42, OrderEventType.ORDER_CANCELED, 7, 3, 1, "late cancel",
                NOW.minus(Duration.ofHours(1)));

        assertThat(late.refusal(recentCancelOfAnOldOrder)).isNull();
    }

    private static NoticeRequest created(Instant born) {
        return new NoticeRequest(42, OrderEventType.ORDER_CREATED, 7, 3, 1, null, born);
    }
}
