package dev.eventual.reconcile.retention;

import dev.eventual.reconcile.shard.ShardRange;
import dev.eventual.reconcile.support.ReconcileJobIT;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The retention cleanup on the real order_db (docs/retention.md), with the defaults: archived events 90 days after
 * their archiving, resolved work orders with their audit 400 days after their resolution, batches of 1,000. No
 * consumer runs beside this context: shard 0's calls to inventory-service and notice-service fail, are counted, and
 * do not keep order_db from being cleaned (what the consumers do with the call is their own tests' and the
 * cross-service scenario's).
 */
@ReconcileJobIT
class RetentionCleanupIT {

    private static final AtomicLong NEXT_ORDER = new AtomicLong(3_000_000_000L);
    private static final AtomicLong NEXT_HISTORY_ID = new AtomicLong(3_000_000_000L);

    @Autowired
    RetentionCleanup cleanup;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MeterRegistry meters;

    @Test
    void archivedEventsPastTheHistoryAreDeletedInBatchesAndYoungerOnesKept() {
        List<Long> old = archived(2_345, 91);
        List<Long> young = archived(40, 89);
        double removedBefore = removed("message_log_hist");
        double consumersAskedBefore = consumersAsked();

        RetentionResult result = cleanup.run(ShardRange.of(0, 1));

        assertThat(countHistory(old)).isZero();
        assertThat(countHistory(young)).isEqualTo(young.size());
        // more than two batches: the run goes on while batches come back full
        assertThat(result.history()).isGreaterThanOrEqualTo(old.size());
        assertThat(result.caughtUp()).isTrue();
        assertThat(result.servers()).containsExactly(0);
        assertThat(removed("message_log_hist") - removedBefore).isEqualTo(result.history());
        // the oldest left is the 89-day-old batch (every other test's history is younger)
        assertThat(gauge("eventual.retention.oldest.age", "message_log_hist"))
                .isCloseTo(Duration.ofDays(89).toSeconds(), within((double) Duration.ofHours(1).toSeconds()));
        assertThat(gauge("eventual.retention.keep", "message_log_hist")).isEqualTo(Duration.ofDays(90).toSeconds());
        // no consumer runs here: both were asked, neither answered, order_db was cleaned all the same
        assertThat(consumersAsked() - consumersAskedBefore).isEqualTo(2);
        assertThat(result.consumers()).hasSize(2).allSatisfy(call -> assertThat(call).endsWith("not reached"));

        assertThat(cleanup.run(ShardRange.of(0, 1)).history()).isZero();
    }

    @Test
    void resolvedWorkOrdersPastTheirRetentionGoWithTheirAuditAndOpenOnesNever() {
        List<Long> oldResolved = workOrders(1_200, "RESOLVED", 401);
        List<Long> youngResolved = workOrders(20, "RESOLVED", 399);
        List<Long> oldOpen = workOrders(20, "OPEN", 500);
        double auditRemovedBefore = removed("reconcile_work_order_audit");
        long orphansBefore = orphanAudit();

        RetentionResult result = cleanup.run(ShardRange.of(0, 1));

        assertThat(countWorkOrders(oldResolved)).isZero();
        assertThat(orphanAudit()).as("audit rows of deleted work orders").isEqualTo(orphansBefore);
        assertThat(countWorkOrders(youngResolved)).isEqualTo(youngResolved.size());
        assertThat(countAudit(youngResolved)).isEqualTo(2L * youngResolved.size());
        assertThat(countWorkOrders(oldOpen)).isEqualTo(oldOpen.size());
        assertThat(countAudit(oldOpen)).isEqualTo(2L * oldOpen.size());
        assertThat(result.workOrders()).isGreaterThanOrEqualTo(oldResolved.size());
        assertThat(result.auditRows()).isGreaterThanOrEqualTo(2L * oldResolved.size());
        assertThat(removed("reconcile_work_order_audit") - auditRemovedBefore).isEqualTo(result.auditRows());
        assertThat(gauge("eventual.retention.oldest.age", "reconcile_work_order"))
                .isCloseTo(Duration.ofDays(399).toSeconds(), within((double) Duration.ofHours(1).toSeconds()));
        assertThat(gauge("eventual.retention.keep", "reconcile_work_order")).isEqualTo(Duration.ofDays(400).toSeconds());
    }

    @Test
    void aShardWithoutAServerCleansNothingAndAsksNoConsumer() {
        List<Long> old = archived(3, 120);
        double consumersAskedBefore = consumersAsked();

        RetentionResult result = cleanup.run(ShardRange.of(1, 2));

        assertThat(result.servers()).isEmpty();
        assertThat(countHistory(old)).isEqualTo(3);
        assertThat(consumersAsked()).isEqualTo(consumersAskedBefore);
        // it reports no age it did not look at
        assertThat(gauge("eventual.retention.oldest.age", "message_log_hist")).isZero();

        cleanup.run(ShardRange.of(0, 2));
        assertThat(countHistory(old)).isZero();
    }

    /** Archived events of fresh orders, archived {@code daysAgo} days ago; their order ids. */
    private List<Long> archived(int rows, int daysAgo) {
        List<Long> orders = new ArrayList<>();
        List<Object[]> args = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            long order = NEXT_ORDER.incrementAndGet();
            orders.add(order);
            args.add(new Object[]{NEXT_HISTORY_ID.incrementAndGet(), order, i % 65536, daysAgo + 30, daysAgo + 30, daysAgo});
        }
        jdbc.batchUpdate("INSERT INTO message_log_hist (id, order_id, event_type, shard_key, topic, tag, msg_key, payload,"
                + " msg_status, reconcile_status, retry_count, next_reconcile_time, version, created_at, updated_at,"
                + " archived_at) VALUES (?, ?, 'ORDER_CREATED', ?, 't', 'ORDER_CREATED', 'k', '{}', 'CONSUMED', 'SUCCESS',"
                + " 0, '2099-01-01 00:00:00', 0, CURRENT_TIMESTAMP(3) - INTERVAL ? DAY, CURRENT_TIMESTAMP(3) - INTERVAL ? DAY,"
                + " CURRENT_TIMESTAMP(3) - INTERVAL ? DAY)", args);
        return orders;
    }

    /**
     * Work orders of fresh orders, each with two audit rows (its opening and what became of it): resolved
     * {@code daysAgo} days ago, or opened then and still open; their order ids.
     */
    private List<Long> workOrders(int rows, String status, int daysAgo) {
        boolean resolved = status.equals("RESOLVED");
        List<Long> orders = new ArrayList<>();
        List<Object[]> args = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            long order = NEXT_ORDER.incrementAndGet();
            orders.add(order);
            args.add(new Object[]{order, status, resolved ? "CLOSE" : null, resolved ? "operator" : null,
                    resolved ? daysAgo : null, daysAgo + 1});
        }
        jdbc.batchUpdate("INSERT INTO reconcile_work_order (order_id, event_type, message_log_id, status, resolution,"
                + " reason, retry_count, resolved_by, resolved_at, created_at) VALUES (?, 'ORDER_CREATED', 1, ?, ?,"
                + " 'retries exhausted', 5, ?, CURRENT_TIMESTAMP(3) - INTERVAL ? DAY, CURRENT_TIMESTAMP(3) - INTERVAL ? DAY)",
                args);
        jdbc.update("INSERT INTO reconcile_work_order_audit (work_order_id, action, operator, outcome)"
                + " SELECT id, 'OPEN', 'reconcile-job', 'APPLIED' FROM reconcile_work_order WHERE order_id BETWEEN ? AND ?"
                + " UNION ALL SELECT id, 'CLOSE', 'operator', 'APPLIED' FROM reconcile_work_order WHERE order_id BETWEEN ? AND ?",
                orders.get(0), orders.get(orders.size() - 1), orders.get(0), orders.get(orders.size() - 1));
        return orders;
    }

    private long countHistory(List<Long> orders) {
        return count("SELECT COUNT(*) FROM message_log_hist WHERE order_id BETWEEN ? AND ?", orders);
    }

    private long countWorkOrders(List<Long> orders) {
        return count("SELECT COUNT(*) FROM reconcile_work_order WHERE order_id BETWEEN ? AND ?", orders);
    }

    private long countAudit(List<Long> orders) {
        return count("SELECT COUNT(*) FROM reconcile_work_order_audit WHERE work_order_id IN"
                + " (SELECT id FROM reconcile_work_order WHERE order_id BETWEEN ? AND ?)", orders);
    }

    /** Audit rows without their work order (other tests' attempts on ids that never existed may leave some). */
    private long orphanAudit() {
        return jdbc.queryForObject("SELECT COUNT(*) FROM reconcile_work_order_audit a WHERE NOT EXISTS"
                + " (SELECT 1 FROM reconcile_work_order w WHERE w.id = a.work_order_id)", Long.class);
    }

    private long count(String query, List<Long> orders) {
        return jdbc.queryForObject(query, Long.class, orders.get(0), orders.get(orders.size() - 1));
    }

    private double removed(String table) {
        return meters.counter("eventual.retention.removed", "table", table).count();
    }

    private double gauge(String name, String table) {
        return meters.get(name).tag("table", table).gauge().value();
    }

    private double consumersAsked() {
        return meters.find("eventual.reconcile.retention.cleanups").counters().stream().mapToDouble(c -> c.count()).sum();
    }
}
