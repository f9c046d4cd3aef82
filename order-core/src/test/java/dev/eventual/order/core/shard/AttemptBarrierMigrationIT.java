package dev.eventual.order.core.shard;

import com.zaxxer.hikari.HikariDataSource;
import dev.eventual.order.core.OrderCoreIT;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import javax.sql.DataSource;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * V3 on data written by V1-V2: every attempt keeps its answer in tx_attempt_barrier, and the old
 * tombstones leave message_log, so the cancel key they held is free again.
 */
@OrderCoreIT
class AttemptBarrierMigrationIT {

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    DataSource dataSource;

    @Test
    void tombstonesBecomeRolledBackAttemptsAndCommittedEventsCommittedAttempts() throws Exception {
        String database = "it_migrate_" + System.nanoTime();
        jdbc.execute("CREATE DATABASE " + database);
        HikariDataSource service = dataSource.unwrap(HikariDataSource.class);
        String current = jdbc.queryForObject("SELECT DATABASE()", String.class);
        String url = service.getJdbcUrl().replace("/" + current + "?", "/" + database + "?");
        try (SingleConnectionDataSource old = new SingleConnectionDataSource(url, service.getUsername(), service.getPassword(), true)) {
            Flyway.configure().dataSource(old).locations(EveryServerMigration.SCRIPTS).target("2").load().migrate();
            JdbcTemplate db = new JdbcTemplate(old);
            insertEvent(db, 1, "ORDER_CREATED", "tx-created-1", "CONSUMED", "SUCCESS");
            insertEvent(db, 1, "ORDER_CANCELED", "tx-cancel-lost", "ROLLED_BACK", "SKIPPED");
            insertEvent(db, 2, "ORDER_CREATED", "tx-created-2-lost", "ROLLED_BACK", "SKIPPED");
            insertEvent(db, 3, "ORDER_CREATED", null, "SENT", "PENDING");

            Flyway.configure().dataSource(old).locations(EveryServerMigration.SCRIPTS).load().migrate();

            assertThat(db.queryForList("SELECT transaction_id, order_id, event_type, outcome FROM tx_attempt_barrier"
                    + " ORDER BY transaction_id")).containsExactly(
                    row("tx-cancel-lost", 1, "ORDER_CANCELED", "ROLLED_BACK"),
                    row("tx-created-1", 1, "ORDER_CREATED", "COMMITTED"),
                    row("tx-created-2-lost", 2, "ORDER_CREATED", "ROLLED_BACK"));
            assertThat(db.queryForList("SELECT CONCAT(order_id, ' ', event_type) FROM message_log ORDER BY order_id",
                    String.class)).containsExactly("1 ORDER_CREATED", "3 ORDER_CREATED");
            // the key the lost cancel held is free for the next attempt; tombstones cannot come back
            insertEvent(db, 1, "ORDER_CANCELED", "tx-cancel-next", "SENT", "PENDING");
            assertThatThrownBy(() -> insertEvent(db, 4, "ORDER_CREATED", "tx-4", "ROLLED_BACK", "SKIPPED"))
                    .hasMessageContaining("ck_message_log_msg_status");
        } finally {
            jdbc.execute("DROP DATABASE " + database);
        }
    }

    private static Map<String, Object> row(String transactionId, long orderId, String eventType, String outcome) {
        return Map.of("transaction_id", transactionId, "order_id", orderId, "event_type", eventType, "outcome", outcome);
    }

    private static void insertEvent(JdbcTemplate db, long orderId, String eventType, String transactionId, String msgStatus,
                                    String reconcileStatus) {
        db.update("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, transaction_id, payload,"
                        + " msg_status, reconcile_status, next_reconcile_time) VALUES (?, ?, 0, 'T', 'tag', ?, ?, ?, ?, ?,"
                        + " CURRENT_TIMESTAMP(3))", orderId, eventType, Long.toString(orderId), transactionId,
                List.of("ROLLED_BACK").contains(msgStatus) ? null : "{}", msgStatus, reconcileStatus);
    }
}
