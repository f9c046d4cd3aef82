package dev.eventual.reconcile;

import dev.eventual.common.status.DownstreamStatus;
import dev.eventual.infra.test.InfrastructureInitializer;
import dev.eventual.infra.test.MonitoredMetrics;
import dev.eventual.infra.test.PrometheusScrape;
import dev.eventual.reconcile.decide.Action;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusOutputFormat;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusScrapeEndpoint;
import org.springframework.context.ConfigurableApplicationContext;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Before any run, reconcile-job serves every series the compose stack's dashboard and alert rules ask of
 * it, counters at 0, every action with every answer and every row outcome (docs/operations.md); the lag
 * and work-order gauges are read from order_db, which other tests share, so only their presence is
 * checked. The metric names come from the dashboard and rule files. An application of its own whose
 * schedulers do not run while the test does (and which no other test drives).
 */
class MonitoredSeriesIT {

    private static ConfigurableApplicationContext context;

    /**
     * Started by hand rather than by Spring's test support: a cached test context of its own would make
     * Spring Framework 7 pause (stop) the module's shared context when switching, and a stopped RocketMQ
     * listener container cannot start again.
     */
    @BeforeAll
    static void start() {
        context = ReconcileJobApplication.application().initializers(new InfrastructureInitializer()).run(
                "--server.port=0",
                "--spring.config.name=" + ReconcileJobApplication.CONFIG_NAME,
                "--" + InfrastructureInitializer.DATABASE_PROPERTY + "=ORDER",
                "--" + InfrastructureInitializer.BROKER_PROPERTY + "=false",
                "--eventual.reconcile.standalone-interval=1h",
                "--eventual.reconcile.archive-interval=1h",
                "--eventual.reconcile.unpaid.standalone-interval=1h");
    }

    @AfterAll
    static void stop() {
        if (context != null) {
            context.close();
        }
    }

    @Test
    void everySeriesTheDashboardAndAlertsAskForIsServedAtZeroBeforeTheFirstRun() {
        PrometheusScrape scrape = PrometheusScrape.parse(new String(
                context.getBean(PrometheusScrapeEndpoint.class).scrape(PrometheusOutputFormat.CONTENT_TYPE_004, null).getBody(), StandardCharsets.UTF_8));

        assertThat(MonitoredMetrics.of(MonitoredMetrics.Service.RECONCILE_JOB))
                .contains("eventual_reconcile_redrives_total", "eventual_reconcile_rows_total", "eventual_reconcile_lag_seconds");
        assertThat(MonitoredMetrics.notRegisteredAtZero(scrape, MonitoredMetrics.Service.RECONCILE_JOB)).isEmpty();
        List<Map<String, String>> actionsAndResults = new ArrayList<>();
        for (Action action : Action.values()) {
            for (DownstreamStatus answer : DownstreamStatus.values()) {
                actionsAndResults.add(Map.of("action", action.name(), "result", answer.name()));
            }
            actionsAndResults.add(Map.of("action", action.name(), "result", "not_done"));
        }
        assertThat(scrape.samples("eventual_reconcile_redrives_total")).extracting(PrometheusScrape.Sample::labels)
                .containsExactlyInAnyOrderElementsOf(actionsAndResults);
        // the outcomes docs/reconcile-job.md lists
        assertThat(scrape.labelValues("eventual_reconcile_rows_total", "outcome"))
                .containsExactlyInAnyOrder("reconciled", "retried", "work_order", "deferred");
    }
}
