package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestConsumer;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.order.support.LockGate;
import dev.eventual.order.support.ObservedEvents;
import dev.eventual.order.support.OrderServiceIT;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
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
@OrderServiceIT
class CheckBackIT {

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    DataSource dataSource;

    @Autowired
    CheckBack checkBack;

    @Autowired
    MeterRegistry meters;

    private final TestConsumer observer = ObservedEvents.consumer();
    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    @Test
    void attemptInFlightIsAnsweredUnknownWithinTheLockWaitAndCommitOnceItCommits() throws Exception {
        long sku = uniqueSku();
        double unknownBefore = checkBacks("UNKNOWN");
        String customer = tokens.customer(41);
        HttpCall.Response response;
        try (LockGate gate = LockGate.atEventInsert(jdbc, dataSource, sku)) {
            CompletableFuture<HttpCall.Response> placing = CompletableFuture.supplyAsync(() -> HttpCall.post(port, "/api/orders")
                    .bearer(customer).json("{\"userId\":41,\"skuId\":" + sku + ",\"quantity\":1}").send());

            // the broker checks the half message (older than 2 s); the check-back waits on the attempt's
            // barrier row for the configured 2 s lock wait, not the server's 50 s, and answers UNKNOWN
            await().atMost(Duration.ofSeconds(30)).until(() -> LockGate.checkBacksWaiting(jdbc) > 0);
            await().atMost(Duration.ofSeconds(30)).until(() -> checkBacks("UNKNOWN") >= unknownBefore + 2);
            assertThat(placing).isNotDone();

            gate.open();
            response = placing.get(30, TimeUnit.SECONDS);
        }

        assertThat(response.status()).isEqualTo(201);
        long orderId = Long.parseLong(response.json().get("orderId").asString());
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
            List<CompletableFuture<HttpCall.Response>> placing = List.of(place(first), place(second));

            // two check-backs wait at the same time, each on its own connection of the check-back pool:
            // they do not queue behind each other on one thread
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                    .until(() -> meters.get("hikaricp.connections.active").tag("pool", "check-back").gauge().value() >= 2);
            assertThat(placing).noneMatch(CompletableFuture::isDone);

            gate.open();
            for (CompletableFuture<HttpCall.Response> order : placing) {
                assertThat(order.get(30, TimeUnit.SECONDS).status()).isEqualTo(201);
            }
        }
    }

    @Test
    void attemptArrivingAfterItsOwnRollbackFailsCleanly() throws Exception {
        long sku = uniqueSku();
        long userId = ThreadLocalRandom.current().nextLong(1_000_000, Long.MAX_VALUE / 2);
        long rolledBackBefore = rolledBackAttempts();
        String customer = tokens.customer(userId);
        HttpCall.Response response;
        try (LockGate gate = LockGate.beforeBarrier(jdbc, dataSource)) {
            CompletableFuture<HttpCall.Response> placing = CompletableFuture.supplyAsync(() ->
                    HttpCall.post(port, "/api/orders").bearer(customer)
                            .json("{\"userId\":" + userId + ",\"skuId\":" + sku + ",\"quantity\":1}").send());

            // held before its first statement: the check-back finds the attempt's key free and settles it ROLLED_BACK
            await().atMost(Duration.ofSeconds(30)).until(() -> rolledBackAttempts() > rolledBackBefore);
            assertThat(placing).isNotDone();

            gate.open();
            response = placing.get(30, TimeUnit.SECONDS);
        }

        assertThat(response.status()).isEqualTo(503);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().get("detail").asString()).contains("check-back rolled this attempt back");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM t_order WHERE user_id = ?", Long.class, userId)).isZero();
        long orderId = jdbc.queryForObject("SELECT order_id FROM tx_attempt_barrier WHERE outcome = 'ROLLED_BACK'"
                + " AND event_type = 'ORDER_CREATED' ORDER BY created_at DESC LIMIT 1", Long.class);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE order_id = ?", Long.class, orderId)).isZero();

        String marker = HttpCall.post(port, "/api/orders").bearer(customer).json("{\"userId\":" + userId + ",\"skuId\":1,\"quantity\":1}")
                .send().json().get("orderId").asString();
        await().atMost(Duration.ofSeconds(30)).until(() -> !observer.receivedWithKey(marker).isEmpty());
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
        long orderId = Long.parseLong(HttpCall.post(port, "/api/orders").bearer(tokens.customer(42))
                .json("{\"userId\":42,\"skuId\":5,\"quantity\":1}").send().json().get("orderId").asString());
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

    private CompletableFuture<HttpCall.Response> place(long sku) {
        String customer = tokens.customer(43);
        return CompletableFuture.supplyAsync(() ->
                HttpCall.post(port, "/api/orders").bearer(customer).json("{\"userId\":43,\"skuId\":" + sku + ",\"quantity\":1}").send());
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
