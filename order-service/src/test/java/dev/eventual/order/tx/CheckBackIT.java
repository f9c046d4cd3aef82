package dev.eventual.order.tx;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.TestConsumer;
import dev.eventual.infra.test.HttpCall;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The broker's transaction check-back is answered exactly (DESIGN §4.5), through the real broker. */
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

    @Test
    void checkBackDuringAnOpenLocalTransactionWaitsForItAndAnswersCommit() throws Exception {
        long sku = uniqueSku();
        double commitsBefore = checkBacks("COMMIT");
        HttpCall.Response response;
        try (LockGate gate = LockGate.close(jdbc, dataSource, "AFTER", sku)) {
            CompletableFuture<HttpCall.Response> placing = CompletableFuture.supplyAsync(() ->
                    HttpCall.post(port, "/api/orders").json("{\"userId\":41,\"skuId\":" + sku + ",\"quantity\":1}").send());

            // the broker checks the half message (older than 2 s) and the tombstone insert waits on the row lock
            await().atMost(Duration.ofSeconds(30)).until(() -> LockGate.checkBackIsWaiting(jdbc));
            assertThat(placing).isNotDone();

            gate.open();
            response = placing.get(30, TimeUnit.SECONDS);
        }

        assertThat(response.status()).isEqualTo(201);
        String orderId = response.json().get("orderId").asString();
        await().atMost(Duration.ofSeconds(30)).until(() -> checkBacks("COMMIT") > commitsBefore);
        assertThat(jdbc.queryForObject("SELECT msg_status FROM message_log WHERE order_id = ? AND event_type = 'ORDER_CREATED'",
                String.class, Long.parseLong(orderId))).isEqualTo("SENT");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM t_order WHERE order_id = ?", Long.class,
                Long.parseLong(orderId))).isEqualTo(1);
        await().atMost(Duration.ofSeconds(30)).until(() -> !observer.receivedWithKey(orderId).isEmpty());
    }

    @Test
    void localTransactionArrivingAfterARollbackTombstoneFailsCleanly() throws Exception {
        long sku = uniqueSku();
        long userId = ThreadLocalRandom.current().nextLong(1_000_000, Long.MAX_VALUE / 2);
        long tombstonesBefore = tombstones();
        HttpCall.Response response;
        try (LockGate gate = LockGate.close(jdbc, dataSource, "BEFORE", sku)) {
            CompletableFuture<HttpCall.Response> placing = CompletableFuture.supplyAsync(() ->
                    HttpCall.post(port, "/api/orders")
                            .json("{\"userId\":" + userId + ",\"skuId\":" + sku + ",\"quantity\":1}").send());

            // held before its message_log insert: the check-back finds the key free and writes a tombstone
            await().atMost(Duration.ofSeconds(30)).until(() -> tombstones() > tombstonesBefore);
            assertThat(placing).isNotDone();

            gate.open();
            response = placing.get(30, TimeUnit.SECONDS);
        }

        assertThat(response.status()).isEqualTo(503);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM t_order WHERE user_id = ?", Long.class, userId)).isZero();
        long orderId = jdbc.queryForObject("SELECT order_id FROM message_log WHERE msg_status = 'ROLLED_BACK'"
                + " ORDER BY id DESC LIMIT 1", Long.class);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM t_order WHERE order_id = ?", Long.class, orderId)).isZero();
        assertThat(jdbc.queryForObject("SELECT reconcile_status FROM message_log WHERE order_id = ?", String.class, orderId))
                .isEqualTo("SKIPPED");

        String marker = HttpCall.post(port, "/api/orders").json("{\"userId\":" + userId + ",\"skuId\":1,\"quantity\":1}")
                .send().json().get("orderId").asString();
        await().atMost(Duration.ofSeconds(30)).until(() -> !observer.receivedWithKey(marker).isEmpty());
        assertThat(observer.receivedWithKey(Long.toString(orderId))).isEmpty();
    }

    @Test
    void checkForAnOrderThatNeverCommittedAnswersRollbackAndKeepsAnsweringIt() {
        long neverCommitted = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);

        assertThat(checkBack.answer(neverCommitted, OrderEventType.ORDER_CREATED, "tx-1"))
                .isEqualTo(RocketMQLocalTransactionState.ROLLBACK);
        assertThat(checkBack.answer(neverCommitted, OrderEventType.ORDER_CREATED, "tx-1"))
                .isEqualTo(RocketMQLocalTransactionState.ROLLBACK);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE order_id = ? AND msg_status = 'ROLLED_BACK'",
                Long.class, neverCommitted)).isEqualTo(1);
    }

    @Test
    void checkForACommittedOrderAnswersCommitAndWritesNothing() {
        String orderId = HttpCall.post(port, "/api/orders").json("{\"userId\":42,\"skuId\":5,\"quantity\":1}")
                .send().json().get("orderId").asString();
        long rowsBefore = jdbc.queryForObject("SELECT COUNT(*) FROM message_log", Long.class);

        assertThat(checkBack.answer(Long.parseLong(orderId), OrderEventType.ORDER_CREATED, "tx-2"))
                .isEqualTo(RocketMQLocalTransactionState.COMMIT);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_log", Long.class)).isEqualTo(rowsBefore);
    }

    private double checkBacks(String answer) {
        var counter = meters.find("eventual.order.check-backs").tag("answer", answer).counter();
        return counter == null ? 0 : counter.count();
    }

    private long tombstones() {
        return jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE msg_status = 'ROLLED_BACK'", Long.class);
    }

    private static long uniqueSku() {
        return ThreadLocalRandom.current().nextLong(10_000_000, 99_999_999);
    }
}
