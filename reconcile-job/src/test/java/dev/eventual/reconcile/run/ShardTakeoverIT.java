package dev.eventual.reconcile.run;

import dev.eventual.reconcile.shard.ShardRange;
import dev.eventual.reconcile.support.ReconcileJobIT;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A shard works the other shards' rows only once they are overdue by more than the takeover grace:
 * a live owner keeps its rows, a dead one's are covered (docs/reconcile-job.md, "Sharding").
 */
@ReconcileJobIT
@TestPropertySource(properties = "eventual.reconcile.takeover-grace=" + ShardTakeoverIT.GRACE_SECONDS + "s")
class ShardTakeoverIT {

    static final int GRACE_SECONDS = 60;
    private static final long FIRST_ORDER = 7_700_000_000L;

    @Autowired
    ReconcileRun run;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MeterRegistry meters;

    @Test
    void rowsOfAnotherShardAreWorkedOnlyOnceOverdueByMoreThanTheGrace() {
        ShardRange mine = ShardRange.of(0, 2);
        ShardRange theirs = ShardRange.of(1, 2);
        List<Long> own = seed(FIRST_ORDER, mine.fromKey(), 40, 1);
        List<Long> overdue = seed(FIRST_ORDER + 100, theirs.fromKey(), 30, GRACE_SECONDS + 5);
        List<Long> recent = seed(FIRST_ORDER + 200, theirs.fromKey() + 100, 20, GRACE_SECONDS - 30);
        double takenBefore = meters.counter("eventual.reconcile.taken-over").count();

        RunResult result = run.run(mine);

        assertThat(pending(own)).isZero();
        assertThat(pending(overdue)).as("rows of the other range overdue by more than the grace").isZero();
        assertThat(pending(recent)).as("rows the other range's owner still has time for").isEqualTo(recent.size());
        // other ITs share the database and may leave rows of their own there
        assertThat(result.takenOver()).isGreaterThanOrEqualTo(overdue.size());
        assertThat(meters.counter("eventual.reconcile.taken-over").count() - takenBefore).isEqualTo(result.takenOver());
    }

    @Test
    void withOneShardThereIsNothingToTakeOver() {
        List<Long> overdue = seed(FIRST_ORDER + 300, 40_000, 10, GRACE_SECONDS + 5);

        RunResult result = run.run(ShardRange.of(0, 1));

        assertThat(pending(overdue)).isZero();
        assertThat(result.takenOver()).isZero();
    }

    /** Consumed rows of existing orders (settled without asking anyone), due {@code dueSecondsAgo}, one key each. */
    private List<Long> seed(long firstOrder, int firstKey, int count, int dueSecondsAgo) {
        List<Long> orders = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long order = firstOrder + i;
            orders.add(order);
            jdbc.update("INSERT INTO t_order (order_id, user_id, idempotency_key, sku_id, quantity, status)"
                    + " VALUES (?, 1, ?, 1, 1, 'CREATED')", order, "takeover-" + order);
            jdbc.update("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload,"
                    + " msg_status, reconcile_status, next_reconcile_time) VALUES (?, 'ORDER_CREATED', ?, 't',"
                    + " 'ORDER_CREATED', 'k', '{}', 'CONSUMED', 'PENDING', CURRENT_TIMESTAMP(3) - INTERVAL ? SECOND)",
                    order, firstKey + i, dueSecondsAgo);
        }
        return orders;
    }

    private long pending(List<Long> orders) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE reconcile_status <> 'SUCCESS' AND order_id"
                + " BETWEEN ? AND ?", Long.class, orders.get(0), orders.get(orders.size() - 1));
    }
}
