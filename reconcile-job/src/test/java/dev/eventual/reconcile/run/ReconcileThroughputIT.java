package dev.eventual.reconcile.run;

import dev.eventual.reconcile.shard.ShardRange;
import dev.eventual.reconcile.support.ReconcileJobIT;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A large due backlog (default 100k rows, {@code -Deventual.reconcile.it.rows=1000000} for the full
 * measurement) is worked off by shard runs through the due index; the rate goes to the log. No timing
 * is asserted: the numbers live in docs/reconcile-job.md and the notes.
 */
@ReconcileJobIT
class ReconcileThroughputIT {

    private static final Logger log = LoggerFactory.getLogger(ReconcileThroughputIT.class);
    private static final long FIRST_ORDER = 5_000_000_000L;

    @Autowired
    ReconcileRun run;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void aLargeBacklogIsReconciledCompletelyAndEachRowOnce() {
        int rows = Integer.getInteger("eventual.reconcile.it.rows", 100_000);
        seed(rows);

        long started = System.nanoTime();
        int reconciled = 0;
        int runs = 0;
        while (due() > 0 && runs < 50) {
            reconciled += run.run(ShardRange.of(0, 1)).succeeded();
            runs++;
        }
        double seconds = (System.nanoTime() - started) / 1e9;

        assertThat(due()).isZero();
        assertThat(reconciled).isGreaterThanOrEqualTo(rows);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE order_id BETWEEN ? AND ? AND version <> 1",
                Long.class, FIRST_ORDER, FIRST_ORDER + rows)).isZero();
        log.info("Reconcile throughput: {} due rows reconciled by {} run(s) of one shard in {} s = {} rows/s", rows, runs,
                String.format("%.1f", seconds), String.format("%.0f", rows / seconds));
    }

    private long due() {
        return jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE order_id BETWEEN ? AND ?"
                + " AND reconcile_status IN ('PENDING', 'RETRY')", Long.class, FIRST_ORDER, FIRST_ORDER + 10_000_000L);
    }

    private void seed(int rows) {
        int batch = 5_000;
        for (int from = 0; from < rows; from += batch) {
            List<Object[]> orders = new ArrayList<>();
            List<Object[]> events = new ArrayList<>();
            for (int i = from; i < Math.min(rows, from + batch); i++) {
                long order = FIRST_ORDER + i;
                orders.add(new Object[]{order, "tp-" + order});
                events.add(new Object[]{order, (int) ((order * 2_654_435_761L) & 0xFFFF)});
            }
            jdbc.batchUpdate("INSERT INTO t_order (order_id, user_id, idempotency_key, sku_id, quantity, status)"
                    + " VALUES (?, 1, ?, 1, 1, 'CREATED')", orders);
            jdbc.batchUpdate("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload,"
                    + " msg_status, reconcile_status, next_reconcile_time) VALUES (?, 'ORDER_CREATED', ?, 't',"
                    + " 'ORDER_CREATED', 'k', '{}', 'CONSUMED', 'PENDING', CURRENT_TIMESTAMP(3) - INTERVAL 1 SECOND)", events);
        }
    }
}
