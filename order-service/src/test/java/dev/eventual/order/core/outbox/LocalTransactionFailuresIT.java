package dev.eventual.order.core.outbox;

import com.zaxxer.hikari.HikariDataSource;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.order.support.OrderServiceIT;
import dev.eventual.order.support.OrderTables;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** A local transaction that cannot run is reported for what it is: the database, not the broker. */
@OrderServiceIT
class LocalTransactionFailuresIT {

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    DataSource dataSource;

    @Autowired
    LocalTransactionRunner runner;

    @Autowired
    OrderEventPublisher publisher;

    @Autowired
    MeterRegistry meters;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    @Test
    void noDatabaseConnectionIsDatabaseUnavailableAndNothingIsWritten() throws Exception {
        // the customer's own order, which it may cancel; signed in before the pool is taken
        String customer = tokens.customer(61);
        String orderId = HttpCall.post(port, "/api/orders").bearer(customer).json("{\"userId\":61,\"skuId\":6,\"quantity\":1}")
                .send().json().get("orderId").asString();
        OrderTables before = OrderTables.count(jdbc);
        double placeRefusals = counter("eventual.orders.rejected");
        double cancelRefusals = counter("eventual.orders.cancel.rejected");

        HttpCall.Response placing;
        HttpCall.Response canceling;
        List<Connection> taken = takeEveryConnection();
        try {
            placing = HttpCall.post(port, "/api/orders").bearer(customer).json("{\"userId\":61,\"skuId\":6,\"quantity\":1}").send();
            canceling = HttpCall.post(port, "/api/orders/" + orderId + "/cancel").bearer(customer).send();
        } finally {
            for (Connection connection : taken) {
                connection.close();
            }
        }

        for (HttpCall.Response refused : List.of(placing, canceling)) {
            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.contentType()).startsWith("application/problem+json");
            assertThat(refused.json().get("type").asString()).isEqualTo("urn:eventual:problem:database-unavailable");
        }
        assertThat(counter("eventual.orders.rejected")).isEqualTo(placeRefusals + 1);
        assertThat(counter("eventual.orders.cancel.rejected")).isEqualTo(cancelRefusals + 1);
        assertThat(OrderTables.count(jdbc)).isEqualTo(before);
        assertThat(jdbc.queryForObject("SELECT status FROM t_order WHERE order_id = ?", String.class, Long.parseLong(orderId)))
                .isEqualTo("CREATED");
    }

    @Test
    void halfMessageStoredButNoConnectionForTheLocalTransactionIsDatabaseUnavailableNotBroker() throws Exception {
        long orderId = System.nanoTime();
        OrderTables before = OrderTables.count(jdbc);
        OrderCreatedEvent event = new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, orderId, 62, 6, 1, Instant.now());

        NotPublishedException refused;
        List<Connection> taken = takeEveryConnection();
        try {
            refused = catchThrowableOfType(NotPublishedException.class, () ->
                    publisher.publish(OrderEventType.ORDER_CREATED, orderId, event, () -> {
                        throw new AssertionError("the work must not run without a connection");
                    }));
        } finally {
            for (Connection connection : taken) {
                connection.close();
            }
        }

        assertThat(refused.reason()).isEqualTo(NotPublishedReason.DATABASE_UNAVAILABLE);
        assertThat(OrderTables.count(jdbc)).isEqualTo(before);
    }

    @Test
    void anErrorInTheWorkRollsBackAndLeavesNoTransactionOnTheThread() {
        long orderId = System.nanoTime();
        String attempt = "it-error-" + orderId;

        OrderCreatedEvent event = new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, orderId, 63, 6, 1, Instant.now());
        assertThatThrownBy(() -> runner.run(OrderEventType.ORDER_CREATED, orderId, event, attempt, () -> {
            throw new StackOverflowError("from the work");
        })).isInstanceOf(StackOverflowError.class);

        assertThat(TransactionSynchronizationManager.isActualTransactionActive()).isFalse();
        assertThat(TransactionSynchronizationManager.getResourceMap()).isEmpty();
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM tx_attempt_barrier WHERE transaction_id = ?", Long.class, attempt))
                .isZero();
    }

    private double counter(String name) {
        var counter = meters.find(name).tag("reason", "database_unavailable").counter();
        return counter == null ? 0 : counter.count();
    }

    /** Borrows the whole request pool, so the next checkout times out (the check-backs keep their own pool). */
    private List<Connection> takeEveryConnection() throws SQLException {
        HikariDataSource pool = dataSource.unwrap(HikariDataSource.class);
        List<Connection> taken = new ArrayList<>();
        for (int i = 0; i < pool.getMaximumPoolSize(); i++) {
            taken.add(pool.getConnection());
        }
        return taken;
    }
}
