package dev.eventual.reconcile.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The two numbers an operator watches: how many work orders wait for a person, and how old the
 * oldest event still waiting for reconciliation is (the consistency lag, 0 when nothing waits).
 * Read from order_db when scraped.
 */
@Component
public class ReconcileGauges {

    public ReconcileGauges(MeterRegistry registry, JdbcTemplate jdbc) {
        Gauge.builder("eventual.reconcile.work-orders.open", jdbc, db -> count(db,
                        "SELECT COUNT(*) FROM reconcile_work_order WHERE status = 'OPEN'"))
                .description("work orders waiting for an operator").register(registry);
        Gauge.builder("eventual.reconcile.lag.seconds", jdbc, db -> count(db,
                        "SELECT COALESCE(TIMESTAMPDIFF(SECOND, MIN(created_at), CURRENT_TIMESTAMP(3)), 0) FROM message_log"
                                + " WHERE reconcile_status IN ('PENDING', 'RETRY')"))
                .description("age of the oldest event not yet reconciled").baseUnit("seconds").register(registry);
    }

    private static double count(JdbcTemplate jdbc, String sql) {
        Long value = jdbc.queryForObject(sql, Long.class);
        return value == null ? 0 : value;
    }
}
