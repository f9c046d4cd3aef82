package dev.eventual.reconcile.archive;

import dev.eventual.reconcile.support.ReconcileJobIT;
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

    private long count(String table, List<Long> orders) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM " + table + " WHERE order_id BETWEEN ? AND ?", Long.class,
                orders.get(0), orders.get(orders.size() - 1));
    }
}
