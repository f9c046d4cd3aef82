package dev.eventual.inventory.deduct;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.consumer.retention.LateEvents;
import dev.eventual.consumer.retention.RetentionProperties;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which events inventory refuses without their record (docs/retention.md): judged by the order's birth, with the
 * clocks' skew allowed for; a cancel written before schema version 2 by its own time.
 */
class LateOrdersTest {

    private static final Instant NOW = Instant.parse("2027-03-01T12:00:00Z");
    private static final Duration KEEP = Duration.ofDays(30);
    private static final Duration SKEW = Duration.ofMinutes(5);
    /** The last birth still refused: a record written after it may be {@code keep} old by now, within the skew. */
    private static final Instant HORIZON = NOW.minus(KEEP).plus(SKEW);

    private final LateOrders late = new LateOrders(new LateEvents(new RetentionProperties(KEEP, SKEW, Duration.ofDays(1),
            Duration.ofHours(72), 1000, Duration.ofSeconds(20)), Clock.fixed(NOW, ZoneOffset.UTC)));

    @Test
    void aCreateOfAnOrderBornBeyondTheRetentionIsRefusedNamingItsBirthAndTheRetention() {
        assertThat(late.refusal(created(HORIZON.minusMillis(1)))).hasValue("refused: order created "
                + HORIZON.minusMillis(1) + ", older than the retention 30d: its record may have been cleaned,"
                + " so it is not applied");
        assertThat(late.refusal(ReceivedEvent.of(created(NOW.minus(Duration.ofDays(400))), 3, null)))
                .hasValueSatisfying(detail -> assertThat(detail).startsWith(LateEvents.REFUSED));
    }

    @Test
    void aCreateOfAnOrderYoungerThanTheRetentionLessTheSkewIsApplied() {
        assertThat(late.refusal(created(HORIZON))).isEmpty();
        assertThat(late.refusal(created(NOW))).isEmpty();
        // a producer's clock ahead of ours
        assertThat(late.refusal(created(NOW.plus(SKEW)))).isEmpty();
    }

    @Test
    void aCancelIsJudgedByItsOrdersBirthNotByItsOwnTime() {
        Instant bornLongAgo = HORIZON.minusSeconds(1);

        assertThat(late.refusal(canceled(NOW, bornLongAgo)))
                .hasValueSatisfying(detail -> assertThat(detail).startsWith("refused: order created " + bornLongAgo));
        assertThat(late.refusal(ReceivedEvent.of(canceled(NOW, bornLongAgo), 1, null))).isPresent();
        assertThat(late.refusal(canceled(NOW, HORIZON))).isEmpty();
    }

    @Test
    void aVersion1CancelWithoutTheOrdersBirthIsJudgedByItsOwnTime() {
        assertThat(late.refusal(canceled(HORIZON, null))).isEmpty();
        assertThat(late.refusal(canceled(HORIZON.minusSeconds(1), null))).hasValueSatisfying(detail -> assertThat(detail)
                .startsWith("refused: order canceled " + HORIZON.minusSeconds(1) + ", older than the retention 30d (a version 1 event"));
    }

    @Test
    void anEventWithoutItsTimeIsRefused() {
        assertThat(late.refusal(created(null)))
                .hasValueSatisfying(detail -> assertThat(detail).startsWith("refused: order created at an unknown time"));
    }

    private static OrderCreatedEvent created(Instant createdAt) {
        return new OrderCreatedEvent(2, 11L, 7L, 1001L, 1, createdAt);
    }

    private static OrderCanceledEvent canceled(Instant canceledAt, Instant orderCreatedAt) {
        return new OrderCanceledEvent(orderCreatedAt == null ? 1 : 2, 11L, 7L, 1001L, 1, "test", canceledAt,
                orderCreatedAt);
    }
}
