package dev.eventual.order.core.outbox;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.PoolExhaustion;
import dev.eventual.order.core.OrderCoreIT;
import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedException;
import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedReason;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** A local transaction that cannot run is reported for what it is: the database, not the broker. */
@OrderCoreIT
class LocalTransactionFailuresIT {

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    DataSource dataSource;

    @Autowired
    DataSourceTransactionManager transactions;

    @Autowired
    LocalTransactionRunner runner;

    @Autowired
    OrderEventPublisher publisher;

    @Test
    void halfMessageStoredButNoConnectionForTheLocalTransactionIsDatabaseUnavailableNotBroker() throws Exception {
        long orderId = System.nanoTime();
        List<Long> before = rowCounts();
        OrderCreatedEvent event = new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, orderId, 62, 6, 1, Instant.now());

        NotPublishedException refused;
        try (PoolExhaustion exhausted = PoolExhaustion.of(dataSource, transactions.getDataSource())) {
            refused = catchThrowableOfType(NotPublishedException.class, () ->
                    publisher.publish(OrderEventType.ORDER_CREATED, orderId, event, () -> {
                        throw new AssertionError("the work must not run without a connection");
                    }));
        }

        assertThat(refused.reason()).isEqualTo(NotPublishedReason.DATABASE_UNAVAILABLE);
        assertThat(rowCounts()).isEqualTo(before);
    }

    /**
     * The server drops the transaction's connection after the barrier and the event row went out (as when it is
     * killed): the transaction pool sends nothing at begin, so its first sign is a statement's link failure.
     */
    @Test
    void aConnectionLostInTheLocalTransactionIsDatabaseUnavailable() {
        long orderId = System.nanoTime();
        List<Long> before = rowCounts();
        OrderCreatedEvent event = new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, orderId, 64, 6, 1, Instant.now());
        JdbcTemplate inTransaction = new JdbcTemplate(transactions.getDataSource());

        NotPublishedException refused = catchThrowableOfType(NotPublishedException.class, () ->
                publisher.publish(OrderEventType.ORDER_CREATED, orderId, event, () -> {
                    Long own = inTransaction.queryForObject("SELECT CONNECTION_ID()", Long.class);
                    killFromAnotherConnection(own);
                    inTransaction.update("UPDATE message_log SET retry_count = retry_count WHERE order_id = ?", orderId);
                }));

        assertThat(refused.reason()).isEqualTo(NotPublishedReason.DATABASE_UNAVAILABLE);
        assertThat(rowCounts()).isEqualTo(before);
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

    private void killFromAnotherConnection(long connectionId) {
        try (Connection other = dataSource.getConnection(); Statement kill = other.createStatement()) {
            kill.execute("KILL CONNECTION " + connectionId);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private List<Long> rowCounts() {
        return List.of(jdbc.queryForObject("SELECT COUNT(*) FROM t_order", Long.class),
                jdbc.queryForObject("SELECT COUNT(*) FROM message_log", Long.class),
                jdbc.queryForObject("SELECT COUNT(*) FROM message_consumer_status", Long.class));
    }
}
