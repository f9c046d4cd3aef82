package dev.eventual.reconcile;

import dev.eventual.reconcile.support.ReconcileJobIT;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusOutputFormat;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusScrapeEndpoint;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * reconcile-job boots against the real order_db; its scans have the indexes they need; Prometheus
 * can scrape its gauges.
 */
@ReconcileJobIT
class ReconcileJobBootIT {

    @Autowired
    JdbcTemplate jdbc;

    /** Exists only when the endpoint is exposed (management.endpoints.web.exposure.include). */
    @Autowired
    PrometheusScrapeEndpoint prometheus;

    @Value("${spring.application.name}")
    String applicationName;

    @Test
    void readsItsOwnConfigurationFile() {
        assertThat(applicationName).isEqualTo(ReconcileJobApplication.CONFIG_NAME);
    }

    @Test
    void prometheusScrapesTheLagAndOpenWorkOrderGauges() {
        String scrape = new String(prometheus.scrape(PrometheusOutputFormat.CONTENT_TYPE_004, null).getBody(),
                StandardCharsets.UTF_8);

        // the names the compose stack's dashboard and alert rules ask for (deploy's MonitoringTest)
        assertThat(scrape).containsPattern("(?m)^eventual_reconcile_lag_seconds [0-9.E]+$")
                .containsPattern("(?m)^eventual_reconcile_work_orders_open [0-9.E]+$");
    }

    @Test
    void dueScanOfOneShardRangeUsesTheDueIndex() {
        // a table that looks like production: mostly reconciled rows, some waiting ones (due far in the
        // future, so no run of another test picks them up), keys all over the space
        List<Object[]> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            rows.add(new Object[]{9_000_000_000L + i, (i * 7919) % 65536, i % 10 == 0 ? "PENDING" : "SUCCESS"});
        }
        jdbc.batchUpdate("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload, msg_status,"
                + " reconcile_status, next_reconcile_time) VALUES (?, 'ORDER_CREATED', ?, 't', 'ORDER_CREATED', 'k', '{}',"
                + " 'SENT', ?, '2099-01-01 00:00:00')", rows);
        jdbc.execute("ANALYZE TABLE message_log");

        // the keyset page query of DueRowMapper.page, with literal values
        List<Map<String, Object>> plan = jdbc.queryForList("""
                EXPLAIN SELECT id, order_id, event_type, payload, msg_status, reconcile_status, retry_count, shard_key,
                               next_reconcile_time
                  FROM message_log
                 WHERE reconcile_status = 'PENDING' AND shard_key BETWEEN 0 AND 1023
                   AND next_reconcile_time <= CURRENT_TIMESTAMP(3)
                   AND (shard_key > 10 OR (shard_key = 10 AND (next_reconcile_time > '2026-01-01 00:00:00'
                        OR (next_reconcile_time = '2026-01-01 00:00:00' AND id > 5))))
                 ORDER BY shard_key, next_reconcile_time, id LIMIT 200""");
        assertThat(plan).hasSize(1);
        assertThat(plan.get(0).get("key")).isEqualTo("idx_message_log_due");
        assertThat(plan.get(0).get("type")).isEqualTo("range");
    }

    @Test
    void archiveScanUsesTheFinishedIndex() {
        List<Map<String, Object>> plan = jdbc.queryForList("""
                EXPLAIN SELECT id FROM message_log
                 WHERE reconcile_status = 'SUCCESS' AND updated_at < CURRENT_TIMESTAMP(3) - INTERVAL 30 DAY
                 ORDER BY updated_at LIMIT 500""");
        assertThat(plan.get(0).get("key")).isEqualTo("idx_message_log_finished");
    }

    @Test
    void workOrdersAreUniquePerOrderAndEvent() {
        String insert = """
                INSERT IGNORE INTO reconcile_work_order
                  (order_id, event_type, message_log_id, status, reason, retry_count)
                VALUES (424242, 'ORDER_CREATED', 1, 'OPEN', 'retries exhausted', 5)""";
        assertThat(jdbc.update(insert)).isEqualTo(1);
        assertThat(jdbc.update(insert)).isZero();
    }
}
