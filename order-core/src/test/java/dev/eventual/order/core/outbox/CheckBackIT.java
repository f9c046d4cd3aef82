package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.LockGate;
import dev.eventual.infra.test.ObservedEvents;
import dev.eventual.infra.test.TestConsumer;
import dev.eventual.order.core.OrderCoreIT;
import dev.eventual.order.core.TestOrders;
import dev.eventual.order.core.orders.Orders;
import dev.eventual.order.core.orders.Orders.Placement;
import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedReason;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The broker's transaction check-back is answered exactly for each attempt (docs/check-back.md), through the real broker. */
@OrderCoreIT
class CheckBackIT {

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    DataSource dataSource;

    @Autowired
    Orders orders;

    @Autowired
    CheckBack checkBack;

    @Autowired
    MeterRegistry meters;

    private final TestConsumer observer = ObservedEvents.consumer();

    @Test
    void attemptInFlightIsAnsweredUnknownWithinTheLockWaitAndCommitOnceItCommits() throws Exception {
        long sku = uniqueSku();
        double unknownBefore = checkBacks("UNKNOWN");
        Placement placement;
        try (LockGate gate = LockGate.atEventInsert(jdbc, dataSource, sku)) {
            CompletableFuture<Placement> placing = place(41, sku);

            // the broker checks the half message (older than 2 s); the check-back waits on the attempt's
            // barrier row for the configured 2 s lock wait, not the server's 50 s, and answers UNKNOWN
            await().atMost(Duration.ofSeconds(30)).until(() -> LockGate.checkBacksWaiting(jdbc) > 0);
            await().atMost(Duration.ofSeconds(30)).until(() -> checkBacks("UNKNOWN") >= unknownBefore + 2);
            assertThat(placing).isNotDone();

            gate.open();
            placement = placing.get(30, TimeUnit.SECONDS);
        }

        assertThat(placement).isInstanceOf(Placement.Placed.class);
        long orderId = ((Placement.Placed) placement).order().orderId();
        assertThat(jdbc.queryForObject("SELECT msg_status FROM message_log WHERE order_id = ? AND event_type = 'ORDER_CREATED'",
                String.class, orderId)).isEqualTo("SENT");
        assertThat(barrier(orderId)).containsExactly("COMMITTED");
        await().atMost(Duration.ofSeconds(30)).until(() -> !observer.receivedWithKey(Long.toString(orderId)).isEmpty());
    }

    @Test
    void oneAttemptInFlightDoesNotHoldUpTheCheckBacksOfOthers() throws Exception {
        long first = uniqueSku();
        long second = uniqueSku();
        try (LockGate gate = LockGate.atEventInsert(jdbc, dataSource, first, second)) {
            List<CompletableFuture<Placement>> placing = List.of(place(43, first), place(43, second));

            // two check-backs wait at the same time, each on its own connection of the check-back pool:
            // they do not queue behind each other on one thread
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                    .until(() -> meters.get("hikaricp.connections.active").tag("pool", "check-back").gauge().value() >= 2);
            assertThat(placing).noneMatch(CompletableFuture::isDone);

            gate.open();
            for (CompletableFuture<Placement> order : placing) {
                assertThat(order.get(30, TimeUnit.SECONDS)).isInstanceOf(Placement.Placed.class);
            }
        }
    }

    @Test
    void attemptArrivingAfterItsOwnRollbackFailsCleanly() throws Exception {
        long sku = uniqueSku();
        long userId = ThreadLocalRandom.current().nextLong(1_000_000, Long.MAX_VALUE / 2);
        long rolledBackBefore = rolledBackAttempts();
        Placement placement;
        try (LockGate gate = LockGate.beforeBarrier(jdbc, dataSource)) {
            CompletableFuture<Placement> placing = place(userId, sku);

            // held before its first statement: the check-back finds the attempt's key free and settles it ROLLED_BACK
            await().atMost(Duration.ofSeconds(30)).until(() -> rolledBackAttempts() > rolledBackBefore);
            assertThat(placing).isNotDone();

            gate.open();
            placement = placing.get(30, TimeUnit.SECONDS);
        }

        assertThat(placement).isInstanceOfSatisfying(Placement.NotPublished.class,
                notPublished -> assertThat(notPublished.reason()).isEqualTo(NotPublishedReason.ATTEMPT_ROLLED_BACK));
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM t_order WHERE user_id = ?", Long.class, userId)).isZero();
        long orderId = jdbc.queryForObject("SELECT order_id FROM tx_attempt_barrier WHERE outcome = 'ROLLED_BACK'"
                + " AND event_type = 'ORDER_CREATED' ORDER BY created_at DESC LIMIT 1", Long.class);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE order_id = ?", Long.class, orderId)).isZero();

        Placement marker = TestOrders.place(orders, userId, 1);
        long markerId = ((Placement.Placed) marker).order().orderId();
        await().atMost(Duration.ofSeconds(30)).until(() -> !observer.receivedWithKey(Long.toString(markerId)).isEmpty());
        assertThat(observer.receivedWithKey(Long.toString(orderId))).isEmpty();
    }

    @Test
    void attemptThatNeverCommittedIsRolledBackAndKeepsBeingRolledBack() {
        long neverCommitted = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
        String attempt = "it-never-" + System.nanoTime();

        assertThat(checkBack.answer(neverCommitted, OrderEventType.ORDER_CREATED, attempt))
                .isEqualTo(RocketMQLocalTransactionState.ROLLBACK);
        assertThat(checkBack.answer(neverCommitted, OrderEventType.ORDER_CREATED, attempt))
                .isEqualTo(RocketMQLocalTransactionState.ROLLBACK);
        assertThat(barrier(neverCommitted)).containsExactly("ROLLED_BACK");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE order_id = ?", Long.class, neverCommitted))
                .isZero();
    }

    @Test
    void committedAttemptIsAnsweredCommitAndAnyOtherAttemptOfTheSameEventRollback() {
        long orderId = ((Placement.Placed) TestOrders.place(orders, 42, 5)).order().orderId();
        String committed = jdbc.queryForObject("SELECT transaction_id FROM message_log WHERE order_id = ?"
                + " AND event_type = 'ORDER_CREATED'", String.class, orderId);
        long eventsBefore = jdbc.queryForObject("SELECT COUNT(*) FROM message_log", Long.class);

        assertThat(checkBack.answer(orderId, OrderEventType.ORDER_CREATED, committed))
                .isEqualTo(RocketMQLocalTransactionState.COMMIT);
        // a made-up attempt of an event that committed in another attempt never committed itself
        assertThat(checkBack.answer(orderId, OrderEventType.ORDER_CREATED, "it-other-" + System.nanoTime()))
                .isEqualTo(RocketMQLocalTransactionState.ROLLBACK);
        assertThat(checkBack.answer(orderId, OrderEventType.ORDER_CREATED, committed))
                .isEqualTo(RocketMQLocalTransactionState.COMMIT);
        assertThat(barrier(orderId)).containsExactlyInAnyOrder("COMMITTED", "ROLLED_BACK");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_log", Long.class)).isEqualTo(eventsBefore);
    }

    private CompletableFuture<Placement> place(long userId, long sku) {
        return CompletableFuture.supplyAsync(() -> TestOrders.place(orders, userId, sku));
    }

    private List<String> barrier(long orderId) {
        return jdbc.queryForList("SELECT outcome FROM tx_attempt_barrier WHERE order_id = ?", String.class, orderId);
    }

    private double checkBacks(String answer) {
        var counter = meters.find("eventual.order.check-backs").tag("answer", answer).counter();
        return counter == null ? 0 : counter.count();
    }

    private long rolledBackAttempts() {
        return jdbc.queryForObject("SELECT COUNT(*) FROM tx_attempt_barrier WHERE outcome = 'ROLLED_BACK'", Long.class);
    }

    private static long uniqueSku() {
        return ThreadLocalRandom.current().nextLong(10_000_000, 99_999_999);
    }
}
