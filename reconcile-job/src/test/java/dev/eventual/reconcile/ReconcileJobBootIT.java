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
                .containsPattern("(?m)^eventual_reconcile_work_orders_open [0-9.E]+$")
                // the retention's, for RetentionBehind (docs/retention.md)
                .containsPattern("(?m)^eventual_retention_keep_seconds\\{table=\"message_log_hist\"} (7776000(\\.0)?|7\\.776E6)$")
                .containsPattern("(?m)^eventual_retention_oldest_age_seconds\\{table=\"reconcile_work_order\"} [0-9.E]+$");
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
        // ArchiveMapper.finishedBefore
        List<Map<String, Object>> plan = jdbc.queryForList("""
                EXPLAIN SELECT id, order_id, event_type FROM message_log
                 WHERE reconcile_status IN ('SUCCESS', 'SKIPPED') AND updated_at < CURRENT_TIMESTAMP(3) - INTERVAL 30 DAY
                 ORDER BY updated_at LIMIT 500 FOR UPDATE""");
        assertThat(plan.get(0).get("key")).isEqualTo("idx_message_log_finished");
    }

    @Test
    void theArchiveDeletesTheMovedEventsReportsByTheirKey() {
        // ArchiveMapper.deleteConsumerStatuses: the primary key's prefix (order_id, event_type), one range per order
        List<Map<String, Object>> plan = jdbc.queryForList("""
                EXPLAIN DELETE FROM message_consumer_status
                 WHERE event_type = 'ORDER_CREATED' AND order_id IN (9100000001, 9100000002, 9100000003)""");
        assertThat(plan.get(0).get("key")).isEqualTo("PRIMARY");
        assertThat(plan.get(0).get("type")).isEqualTo("range");
    }

    @Test
    void theRetentionsScansUseTheIndexesOfMigrationV12() {
        // a history and resolved work orders of some size, all younger than their retention (no cleanup touches them)
        List<Object[]> archived = new java.util.ArrayList<>();
        List<Object[]> resolved = new java.util.ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            archived.add(new Object[]{9_200_000_000L + i, 9_200_000_000L + i, i % 60});
            resolved.add(new Object[]{9_200_000_000L + i, i % 60});
        }
        jdbc.batchUpdate("INSERT INTO message_log_hist (id, order_id, event_type, shard_key, topic, tag, msg_key, msg_status,"
                + " reconcile_status, retry_count, next_reconcile_time, version, created_at, updated_at, archived_at)"
                + " VALUES (?, ?, 'ORDER_CREATED', 0, 't', 'ORDER_CREATED', 'k', 'CONSUMED', 'SUCCESS', 0,"
                + " '2099-01-01 00:00:00', 0, CURRENT_TIMESTAMP(3), CURRENT_TIMESTAMP(3),"
                + " CURRENT_TIMESTAMP(3) - INTERVAL ? DAY)", archived);
        jdbc.batchUpdate("INSERT INTO reconcile_work_order (order_id, event_type, message_log_id, status, resolution,"
                + " reason, retry_count, resolved_at) VALUES (?, 'ORDER_CANCELED', 1, 'RESOLVED', 'CLOSE', 'retries exhausted',"
                + " 5, CURRENT_TIMESTAMP(3) - INTERVAL ? DAY)", resolved);
        jdbc.execute("ANALYZE TABLE message_log_hist, reconcile_work_order");

        // ArchiveMapper.deleteHistoryBefore
        List<Map<String, Object>> history = jdbc.queryForList("""
                EXPLAIN DELETE FROM message_log_hist WHERE archived_at < CURRENT_TIMESTAMP(3) - INTERVAL 90 DAY
                 ORDER BY archived_at LIMIT 1000""");
        assertThat(history.get(0).get("key")).isEqualTo("idx_message_log_hist_archived");
        // WorkOrderMapper.resolvedBefore
        List<Map<String, Object>> workOrders = jdbc.queryForList("""
                EXPLAIN SELECT id FROM reconcile_work_order
                 WHERE status = 'RESOLVED' AND resolved_at < CURRENT_TIMESTAMP(3) - INTERVAL 400 DAY
                 ORDER BY resolved_at LIMIT 1000 FOR UPDATE""");
        assertThat(workOrders.get(0).get("key")).isEqualTo("idx_work_order_status_resolved");
        assertThat(workOrders.get(0).get("type")).isEqualTo("range");
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
