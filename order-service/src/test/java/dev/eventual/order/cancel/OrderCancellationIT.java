package dev.eventual.order.cancel;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.TestConsumer;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.ObservedEvents;
import dev.eventual.order.support.OrderServiceIT;
import dev.eventual.order.support.OrderTables;
import dev.eventual.order.support.CheckBacks;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionListener;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@OrderServiceIT
class OrderCancellationIT {

    /** Every order here is this customer's, and it cancels its own. */
    private static final long CUSTOMER = 77;

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    DataSource dataSource;

    @Autowired
    RocketMQLocalTransactionListener listener;

    private final TestConsumer observer = ObservedEvents.consumer();
    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    /**
     * The black-box reproduction of a cancel made uncancelable: a cancel attempt held on the order's row
     * lock, then failed, and the broker's check-back of that attempt (as after a lost ROLLBACK) settles it
     * rolled back. The next cancel succeeds, and each attempt keeps its own exact answer.
     */
    @Test
    void cancelAttemptRolledBackByTheCheckBackDoesNotBlockTheNextCancel() throws Exception {
        long orderId = Long.parseLong(place(4005, 1));
        String customer = tokens.customer(CUSTOMER);
        String firstAttempt;
        HttpCall.Response failed;
        try (Connection holder = dataSource.getConnection()) {
            holder.setAutoCommit(false);
            try (Statement lock = holder.createStatement()) {
                lock.executeQuery("SELECT order_id FROM t_order WHERE order_id = " + orderId + " FOR UPDATE").close();
            }
            CompletableFuture<HttpCall.Response> canceling = CompletableFuture.supplyAsync(() ->
                    HttpCall.post(port, "/api/orders/" + orderId + "/cancel").bearer(customer).json("{\"reason\":\"first\"}").send());

            // the attempt has written its barrier row and waits for the order's row lock
            firstAttempt = await().atMost(Duration.ofSeconds(30)).until(() -> inFlightCancelAttempt(orderId), a -> a != null);
            long waitingUpdate = await().atMost(Duration.ofSeconds(30)).until(() -> jdbc.queryForList(
                    "SELECT id FROM information_schema.processlist WHERE info LIKE 'UPDATE t_order%'", Long.class),
                    ids -> ids.size() == 1).get(0);
            jdbc.execute("KILL QUERY " + waitingUpdate);
            failed = canceling.get(30, TimeUnit.SECONDS);
            holder.rollback();
        }
        assertThat(failed.status()).isEqualTo(503);
        assertThat(failed.contentType()).startsWith("application/problem+json");
        assertThat(status(orderId)).isEqualTo("CREATED");

        // the broker asks about the first attempt: it never committed
        assertThat(CheckBacks.ask(listener, orderId, OrderEventType.ORDER_CANCELED, firstAttempt))
                .isEqualTo(RocketMQLocalTransactionState.ROLLBACK);

        HttpCall.Response canceled = HttpCall.post(port, "/api/orders/" + orderId + "/cancel").bearer(customer)
                .json("{\"reason\":\"second\"}").send();
        assertThat(canceled.status()).isEqualTo(200);
        assertThat(status(orderId)).isEqualTo("CANCELED");
        String secondAttempt = jdbc.queryForObject("SELECT transaction_id FROM message_log WHERE order_id = ?"
                + " AND event_type = 'ORDER_CANCELED'", String.class, orderId);
        assertThat(secondAttempt).isNotEqualTo(firstAttempt);
        assertThat(CheckBacks.ask(listener, orderId, OrderEventType.ORDER_CANCELED, firstAttempt))
                .isEqualTo(RocketMQLocalTransactionState.ROLLBACK);
        assertThat(CheckBacks.ask(listener, orderId, OrderEventType.ORDER_CANCELED, secondAttempt))
                .isEqualTo(RocketMQLocalTransactionState.COMMIT);

        await().atMost(Duration.ofSeconds(30)).until(() -> canceledEvents(Long.toString(orderId)).size() == 1);
        OrderCanceledEvent event = OrderEvents.fromBytes(canceledEvents(Long.toString(orderId)).get(0).getBody(),
                OrderCanceledEvent.class);
        assertThat(event.reason()).isEqualTo("second");
    }

    @Test
    void createdOrderIsCanceledAndTheCanceledEventIsPublishedWithWhatToRelease() {
        String orderId = place(4004, 5);

        HttpCall.Response response = HttpCall.post(port, "/api/orders/" + orderId + "/cancel").bearer(tokens.customer(CUSTOMER))
                .json("{\"reason\":\"changed my mind\"}").send();

        assertThat(response.status()).isEqualTo(200);
        JsonNode order = response.json();
        assertThat(order.get("status").asString()).isEqualTo("CANCELED");
        assertThat(order.get("events").findValuesAsString("eventType")).containsExactly("ORDER_CREATED", "ORDER_CANCELED");
        assertThat(jdbc.queryForObject("SELECT msg_status FROM message_log WHERE order_id = ? AND event_type = 'ORDER_CANCELED'",
                String.class, Long.parseLong(orderId))).isEqualTo("SENT");

        await().atMost(Duration.ofSeconds(30)).until(() -> canceledEvents(orderId).size() == 1);
        OrderCanceledEvent event = OrderEvents.fromBytes(canceledEvents(orderId).get(0).getBody(), OrderCanceledEvent.class);
        assertThat(event.skuId()).isEqualTo(4004L);
        assertThat(event.quantity()).isEqualTo(5);
        assertThat(event.reason()).isEqualTo("changed my mind");
    }

    @Test
    void paidOrderCanBeCanceledButACanceledOneConflicts() {
        String paid = place(1, 1);
        jdbc.update("UPDATE t_order SET status = 'PAID' WHERE order_id = ?", Long.parseLong(paid));
        assertThat(HttpCall.post(port, "/api/orders/" + paid + "/cancel").bearer(tokens.customer(CUSTOMER)).send().status())
                .isEqualTo(200);

        OrderTables before = OrderTables.count(jdbc);
        HttpCall.Response again = HttpCall.post(port, "/api/orders/" + paid + "/cancel").bearer(tokens.customer(CUSTOMER)).send();
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json().get("detail").asString()).contains("CANCELED");
        assertThat(OrderTables.count(jdbc)).isEqualTo(before);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE order_id = ? AND event_type = 'ORDER_CANCELED'",
                Long.class, Long.parseLong(paid))).isEqualTo(1);
    }

    /** For the admin, who may cancel any order, as for a customer. */
    @Test
    void unknownOrderIs404() {
        for (String token : new String[]{tokens.customer(CUSTOMER), tokens.admin()}) {
            HttpCall.Response response = HttpCall.post(port, "/api/orders/424242424242/cancel").bearer(token).send();

            assertThat(response.status()).isEqualTo(404);
            assertThat(response.contentType()).startsWith("application/problem+json");
        }
    }

    /** The barrier row of a cancel attempt not committed yet, read past its lock. */
    private String inFlightCancelAttempt(long orderId) throws Exception {
        try (Connection dirty = dataSource.getConnection()) {
            dirty.setTransactionIsolation(Connection.TRANSACTION_READ_UNCOMMITTED);
            try (Statement query = dirty.createStatement(); ResultSet row = query.executeQuery(
                    "SELECT transaction_id FROM tx_attempt_barrier WHERE order_id = " + orderId
                            + " AND event_type = 'ORDER_CANCELED' AND outcome = 'COMMITTED'")) {
                return row.next() ? row.getString(1) : null;
            } finally {
                dirty.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            }
        }
    }

    private String status(long orderId) {
        return jdbc.queryForObject("SELECT status FROM t_order WHERE order_id = ?", String.class, orderId);
    }

    private List<MessageExt> canceledEvents(String orderId) {
        return observer.receivedWithKey(orderId).stream()
                .filter(m -> OrderEventType.ORDER_CANCELED.tag().equals(m.getTags())).toList();
    }

    private String place(long skuId, int quantity) {
        HttpCall.Response response = HttpCall.post(port, "/api/orders").bearer(tokens.customer(CUSTOMER))
                .json("{\"userId\":" + CUSTOMER + ",\"skuId\":" + skuId + ",\"quantity\":" + quantity + "}").send();
        assertThat(response.status()).isEqualTo(201);
        return response.json().get("orderId").asString();
    }
}
