package dev.eventual.infra.test;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Reading the dashboard and alert rules, and judging a scrape against them. */
class MonitoredMetricsTest {

    @Test
    void everyMetricTheDashboardAndAlertsAskForBelongsToAService() {
        // the dashboard's and the alert rules' own, so that reading them cannot quietly find nothing
        assertThat(MonitoredMetrics.all()).contains("eventual_orders_rejected_total", "eventual_inventory_consumed_total",
                "eventual_notice_failures_total", "eventual_reconcile_redrives_total", "eventual_reconcile_lag_seconds",
                "eventual_reconcile_work_orders_open");
        assertThat(MonitoredMetrics.all()).allSatisfy(metric -> assertThat(MonitoredMetrics.Service.values())
                .as("no service registers %s: add its prefix to MonitoredMetrics.Service", metric)
                .anyMatch(service -> service.registers(metric)));
        assertThat(MonitoredMetrics.of(MonitoredMetrics.Service.ORDER_SERVICE))
                .contains("eventual_orders_total", "eventual_order_check_backs_total")
                .doesNotContain("eventual_inventory_consumed_total");
    }

    @Test
    void aMetricIsAnIdentifierOfTheExpressionThatPromQlDoesNotName() {
        assertThat(MonitoredMetrics.metricNames("sum by (action, result) (increase(eventual_reconcile_redrives_total"
                + "{job=\"reconcile-job\"}[$__rate_interval])) / max(eventual_reconcile_lag_seconds) > 600"))
                .containsExactlyInAnyOrder("eventual_reconcile_redrives_total", "eventual_reconcile_lag_seconds");
    }

    @Test
    void aMissingSeriesOrACounterThatCountedIsReported() {
        List<String> metrics = List.copyOf(MonitoredMetrics.of(MonitoredMetrics.Service.RECONCILE_JOB));
        String counted = metrics.stream().filter(metric -> metric.endsWith("_total")).findFirst().orElseThrow();
        String missing = metrics.stream().filter(metric -> !metric.equals(counted)).findFirst().orElseThrow();
        String scrape = metrics.stream().filter(metric -> !metric.equals(missing))
                .map(metric -> metric + "{outcome=\"x\"} " + (metric.equals(counted) ? "2.0" : "0.0"))
                .collect(Collectors.joining("\n", "# HELP ignored\n", "\n"));

        assertThat(MonitoredMetrics.notRegisteredAtZero(PrometheusScrape.parse(scrape), MonitoredMetrics.Service.RECONCILE_JOB))
                .containsExactlyInAnyOrder(counted + "{outcome=x} = 2.0", missing + ": no series");
    }

    @Test
    void aScrapeIsReadSampleBySample() {
        PrometheusScrape scrape = PrometheusScrape.parse("""
                # TYPE a_total counter
                a_total{event="ORDER_CREATED",outcome="FAIL"} 0.0
                a_total{event="ORDER_CANCELED",outcome="say \\"hi\\""} 3.0
                b_seconds_bucket{le="+Inf"} +Inf
                c 1.5E3
                """);

        assertThat(scrape.samples("a_total")).extracting(PrometheusScrape.Sample::labels).containsExactly(
                Map.of("event", "ORDER_CREATED", "outcome", "FAIL"), Map.of("event", "ORDER_CANCELED", "outcome", "say \\\"hi\\\""));
        assertThat(scrape.labelValues("a_total", "event")).containsExactly("ORDER_CANCELED", "ORDER_CREATED");
        assertThat(scrape.samples("b_seconds_bucket").get(0).value()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(scrape.samples("c")).extracting(PrometheusScrape.Sample::value).containsExactly(1500.0);
    }
}
