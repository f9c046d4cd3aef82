package dev.eventual.order.core.outbox;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.shard.OrderDbServers;
import dev.eventual.order.core.shard.OrderShards;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import javax.sql.DataSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code tx_attempt_barrier}: one row per publish attempt, keyed by the broker transaction id, which
 * makes the check-back exact for that attempt (docs/check-back.md). The attempt's local
 * transaction inserts COMMITTED before anything else; a check-back inserts ROLLED_BACK with INSERT
 * IGNORE under the same key, so it waits for the attempt while it is in flight, and an attempt that
 * comes after its own rollback fails on the key. Another attempt of the same event has its own key:
 * a rolled-back cancel never blocks the next one.
 * <p>
 * Check-backs use their own small pool per order_db server, whose sessions wait at most
 * {@link CheckBackProperties#lockWait()} for a row lock (the server default is 50 s); the order id
 * names the server (its logical shard).
 */
@Component
class AttemptBarrier implements DisposableBean {

    private static final String ROW = " INTO tx_attempt_barrier (transaction_id, order_id, event_type, outcome) VALUES (?, ?, ?, ?)";

    private final JdbcClient localTransaction;
    private final OrderShards shards;
    private final List<HikariDataSource> checkBackPools = new ArrayList<>();
    private final List<JdbcClient> checkBack = new ArrayList<>();

    AttemptBarrier(DataSource dataSource, DataSourceProperties dataSourceProperties, OrderShards shards,
                   OrderDbServers servers, CheckBackProperties properties, MeterRegistry meters) {
        this.localTransaction = JdbcClient.create(dataSource);
        this.shards = shards;
        for (int server = 0; server < servers.count(); server++) {
            HikariDataSource pool = dataSourceProperties.initializeDataSourceBuilder().type(HikariDataSource.class)
                    .url(servers.url(server)).build();
            pool.setPoolName(servers.count() == 1 ? "check-back" : "check-back-" + server);
            pool.setMaximumPoolSize(properties.threads());
            pool.setMinimumIdle(1);
            pool.setConnectionTimeout(properties.lockWait().toMillis());
            pool.setConnectionInitSql("SET SESSION innodb_lock_wait_timeout = " + properties.lockWait().toSeconds());
            pool.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(meters));
            checkBackPools.add(pool);
            checkBack.add(JdbcClient.create(pool));
        }
    }

    /**
     * First statement of an attempt's local transaction (it joins that transaction).
     *
     * @throws org.springframework.dao.DuplicateKeyException when a check-back already rolled this attempt back
     */
    void enter(String transactionId, long orderId, OrderEventType eventType) {
        localTransaction.sql("INSERT" + ROW).params(transactionId, orderId, eventType.name(), AttemptOutcome.COMMITTED.name()).update();
    }

    /**
     * The check-back's question: settles an attempt that never committed as ROLLED_BACK, or finds how it
     * ended. Waits for an attempt in flight at most the configured lock wait.
     *
     * @return the attempt's outcome; empty when the row vanished in between (not expected)
     * @throws org.springframework.dao.PessimisticLockingFailureException when the attempt is still in flight
     */
    Optional<AttemptOutcome> settle(String transactionId, long orderId, OrderEventType eventType) {
        JdbcClient checkBack = this.checkBack.get(shards.serverOfOrder(orderId));
        int inserted = checkBack.sql("INSERT IGNORE" + ROW)
                .params(transactionId, orderId, eventType.name(), AttemptOutcome.ROLLED_BACK.name()).update();
        if (inserted == 1) {
            return Optional.of(AttemptOutcome.ROLLED_BACK);
        }
        return checkBack.sql("SELECT outcome FROM tx_attempt_barrier WHERE transaction_id = ?").param(transactionId)
                .query(String.class).optional().map(AttemptOutcome::valueOf);
    }

    /**
     * Whether the event is in message_log, written by whichever attempt committed it (the broker fallback's,
     * when a half message's send timed out after the broker stored it). A locking read on the event's unique
     * key: it waits, at most the lock wait, for an attempt that is writing the event right now.
     *
     * @throws org.springframework.dao.PessimisticLockingFailureException when that attempt is still in flight
     */
    boolean eventRecorded(long orderId, OrderEventType eventType) {
        return checkBack.get(shards.serverOfOrder(orderId))
                .sql("SELECT COUNT(*) FROM message_log WHERE order_id = ? AND event_type = ? LOCK IN SHARE MODE")
                .params(orderId, eventType.name()).query(Long.class).single() > 0;
    }

    @Override
    public void destroy() {
        checkBackPools.forEach(HikariDataSource::close);
    }
}
