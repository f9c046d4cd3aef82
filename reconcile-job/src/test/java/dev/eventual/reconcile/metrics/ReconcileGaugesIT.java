package dev.eventual.reconcile.metrics;

import dev.eventual.reconcile.support.ReconcileJobIT;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

@ReconcileJobIT
class ReconcileGaugesIT {

    @Autowired
    MeterRegistry meters;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void lagIsTheAgeOfTheOldestUnreconciledEventAndOpenWorkOrdersAreCounted() {
        double openBefore = meters.get("eventual.reconcile.work-orders.open").gauge().value();
        // an event two days old still waiting (due far in the future, so no run settles it)
        jdbc.update("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload, msg_status,"
                + " reconcile_status, next_reconcile_time, created_at) VALUES (4100000001, 'ORDER_CREATED', 1, 't',"
                + " 'ORDER_CREATED', 'k', '{}', 'SENT', 'RETRY', '2099-01-01 00:00:00',"
                + " CURRENT_TIMESTAMP(3) - INTERVAL 2 DAY)");
        jdbc.update("INSERT INTO reconcile_work_order (order_id, event_type, message_log_id, status, reason, retry_count)"
                + " VALUES (4100000002, 'ORDER_CREATED', 1, 'OPEN', 'gauge test', 5)");

        assertThat(meters.get("eventual.reconcile.lag.seconds").gauge().value()).isGreaterThanOrEqualTo(2 * 86_400);
        assertThat(meters.get("eventual.reconcile.work-orders.open").gauge().value()).isEqualTo(openBefore + 1);
    }
}
