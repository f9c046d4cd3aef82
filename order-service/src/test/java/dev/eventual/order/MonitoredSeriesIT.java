package dev.eventual.order;

import dev.eventual.infra.test.InfrastructureInitializer;
import dev.eventual.infra.test.MonitoredMetrics;
import dev.eventual.infra.test.PrometheusScrape;
import dev.eventual.order.config.OrderRejection;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusOutputFormat;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusScrapeEndpoint;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ContextConfiguration;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Before any traffic, order-service serves every series the compose stack's dashboard and alert rules ask
 * of it, counters at 0, each reason and answer included (docs/operations.md). The metric names come from
 * the dashboard and rule files. A context of its own that nothing reaches: no test places an order in
 * it, and its producer group is its own, so the broker sends it no other test's check-back.
 */
@SpringBootTest(properties = {
        "spring.config.name=" + OrderServiceApplication.CONFIG_NAME,
        InfrastructureInitializer.DATABASE_PROPERTY + "=ORDER",
        "rocketmq.producer.group=eventual-order-monitored-series-it"})
@ContextConfiguration(initializers = InfrastructureInitializer.class)
class MonitoredSeriesIT {

    @Autowired
    PrometheusScrapeEndpoint prometheus;

    @Test
    void everySeriesTheDashboardAndAlertsAskForIsServedAtZeroBeforeTheFirstOrder() {
        PrometheusScrape scrape = PrometheusScrape.parse(new String(
                prometheus.scrape(PrometheusOutputFormat.CONTENT_TYPE_004, null).getBody(), StandardCharsets.UTF_8));

        assertThat(MonitoredMetrics.of(MonitoredMetrics.Service.ORDER_SERVICE))
                .contains("eventual_orders_rejected_total", "eventual_order_check_backs_total");
        assertThat(MonitoredMetrics.notRegisteredAtZero(scrape, MonitoredMetrics.Service.ORDER_SERVICE)).isEmpty();
        assertThat(scrape.labelValues("eventual_orders_rejected_total", "reason"))
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(OrderRejection.values()).map(OrderRejection::tag).toList());
        assertThat(scrape.labelValues("eventual_order_check_backs_total", "answer")).containsExactlyInAnyOrderElementsOf(
                Arrays.stream(RocketMQLocalTransactionState.values()).map(Enum::name).toList());
    }
}
