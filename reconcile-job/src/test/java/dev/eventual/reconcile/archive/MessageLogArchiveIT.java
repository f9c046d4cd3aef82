package dev.eventual.reconcile.archive;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.reconcile.support.ReconcileJobIT;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

@ReconcileJobIT
class MessageLogArchiveIT {

    private static final AtomicLong NEXT_ORDER = new AtomicLong(6_000_000_000L);

    @Autowired
    MessageLogArchive archive;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MeterRegistry meters;

    @Test
    void movesExactlyTheFinishedRowsOlderThanTheRetentionInBatches() {
        List<Long> oldSuccess = seed(2_345, "SUCCESS", 40);
        List<Long> oldSkipped = seed(17, "SKIPPED", 31);
        List<Long> recentSuccess = seed(50, "SUCCESS", 29);
        List<Long> oldOpen = seed(30, "PENDING", 40);
        List<Long> oldRetry = seed(30, "RETRY", 40);
        List<Long> oldFail = seed(30, "FAIL", 40);

        int moved = archive.archive();

        assertThat(moved).isEqualTo(oldSuccess.size() + oldSkipped.size());
        for (List<Long> archived : List.of(oldSuccess, oldSkipped)) {
            assertThat(count("message_log", archived)).isZero();
            assertThat(count("message_log_hist", archived)).isEqualTo(archived.size());
        }
        for (List<Long> kept : List.of(recentSuccess, oldOpen, oldRetry, oldFail)) {
            assertThat(count("message_log", kept)).isEqualTo(kept.size());
            assertThat(count("message_log_hist", kept)).isZero();
        }
        assertThat(jdbc.queryForObject("SELECT payload FROM message_log_hist WHERE order_id = ?", String.class,
                oldSuccess.get(0))).isEqualTo("{\"orderId\":\"" + oldSuccess.get(0) + "\"}");
        assertThat(archive.archive()).isZero();
    }

    @Test
    void theConsumersReportsOfTheMovedEventsLeaveWithThemAndNoOthers() {
        List<Long> archived = seed(1_500, "SUCCESS", 31);
        List<Long> recent = seed(10, "SUCCESS", 29);
        report(archived, "ORDER_CREATED");
        report(recent, "ORDER_CREATED");
        // the same orders' cancel events are still in message_log (canceled since): their reports stay
        List<Object[]> cancels = new java.util.ArrayList<>();
        archived.subList(0, 100).forEach(order -> cancels.add(new Object[]{order, OrderShards.shardKeyOf(order)}));
        jdbc.batchUpdate("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload, msg_status,"
                + " reconcile_status, next_reconcile_time) VALUES (?, 'ORDER_CANCELED', ?, 't', 'ORDER_CANCELED', 'k', '{}',"
                + " 'CONSUMED', 'SUCCESS', '2099-01-01 00:00:00')", cancels);
        report(archived.subList(0, 100), "ORDER_CANCELED");
        double removedBefore = meters.counter("eventual.retention.removed", "table", "message_consumer_status").count();

        archive.archive();

        assertThat(count("message_log_hist", archived)).isEqualTo(archived.size());
        assertThat(reports(archived, "ORDER_CREATED")).isZero();
        assertThat(reports(recent, "ORDER_CREATED")).isEqualTo(2L * recent.size());
        assertThat(reports(archived, "ORDER_CANCELED")).isEqualTo(200);
        assertThat(meters.counter("eventual.retention.removed", "table", "message_consumer_status").count() - removedBefore)
                .isEqualTo(2.0 * archived.size());
    }

    @Test
    void deletesPublishAttemptsOlderThanTheRetentionOnly() {
        long order = NEXT_ORDER.addAndGet(10_000);
        for (int i = 0; i < 2_100; i++) {
            jdbc.update("INSERT INTO tx_attempt_barrier (transaction_id, order_id, event_type, outcome, created_at)"
                    + " VALUES (?, ?, 'ORDER_CREATED', 'COMMITTED', CURRENT_TIMESTAMP(3) - INTERVAL ? DAY)",
                    "it-archive-" + order + "-" + i, order + i, i < 2_050 ? 31 : 29);
        }

        archive.archive();

        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM tx_attempt_barrier WHERE transaction_id LIKE ?", Long.class,
                "it-archive-" + order + "-%")).isEqualTo(50);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM tx_attempt_barrier WHERE transaction_id LIKE ?"
                + " AND created_at < CURRENT_TIMESTAMP(3) - INTERVAL 30 DAY", Long.class, "it-archive-" + order + "-%")).isZero();
    }

    private List<Long> seed(int rows, String status, int daysOld) {
        List<Long> orders = new java.util.ArrayList<>();
        List<Object[]> args = new java.util.ArrayList<>();
        for (int i = 0; i < rows; i++) {
            long order = NEXT_ORDER.incrementAndGet();
            orders.add(order);
            args.add(new Object[]{order, i % 65536, "{\"orderId\":\"" + order + "\"}", status, daysOld, daysOld});
        }
        jdbc.batchUpdate("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload, msg_status,"
                + " reconcile_status, next_reconcile_time, created_at, updated_at) VALUES (?, 'ORDER_CREATED', ?, 't',"
                + " 'ORDER_CREATED', 'k', ?, 'CONSUMED', ?, '2099-01-01 00:00:00',"
                + " CURRENT_TIMESTAMP(3) - INTERVAL ? DAY, CURRENT_TIMESTAMP(3) - INTERVAL ? DAY)", args);
        return orders;
    }

    /** Both consumer groups' SUCCESS for each order's event of this type. */
    private void report(List<Long> orders, String eventType) {
        List<Object[]> args = new java.util.ArrayList<>();
        for (long order : orders) {
            for (String group : OrderMessaging.EXPECTED_CONSUMER_GROUPS) {
                args.add(new Object[]{order, eventType, group});
            }
        }
        jdbc.batchUpdate("INSERT INTO message_consumer_status (order_id, event_type, consumer_group, status, detail)"
                + " VALUES (?, ?, ?, 'SUCCESS', 'applied')", args);
    }

    private long reports(List<Long> orders, String eventType) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM message_consumer_status WHERE event_type = ? AND order_id BETWEEN ? AND ?",
                Long.class, eventType, orders.get(0), orders.get(orders.size() - 1));
    }

    private long count(String table, List<Long> orders) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM " + table + " WHERE order_id BETWEEN ? AND ?", Long.class,
                orders.get(0), orders.get(orders.size() - 1));
    }
}
