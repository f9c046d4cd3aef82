package dev.eventual.inventory;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.test.ListenerOffService;
import dev.eventual.infra.test.MonitoredMetrics;
import dev.eventual.infra.test.PrometheusScrape;
import dev.eventual.inventory.deduct.DeductStatus;
import dev.eventual.inventory.deduct.InventoryMetrics;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusOutputFormat;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusScrapeEndpoint;
import org.springframework.context.ConfigurableApplicationContext;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Before any traffic, inventory-service serves every series the compose stack's dashboard and alert rules
 * ask of it, counters at 0, every event with every outcome and every failure reason (docs/operations.md).
 * The metric names come from the dashboard and rule files. An application of its own whose order-event
 * listener is off, so that it consumes none of the other tests' events (and takes none from their
 * consumer group).
 */
class MonitoredSeriesIT {

    private static ConfigurableApplicationContext context;

    @BeforeAll
    static void start() {
        context = ListenerOffService.start(InventoryServiceApplication.application(), InventoryServiceApplication.CONFIG_NAME, "INVENTORY",
                OrderMessaging.INVENTORY_CONSUMER_GROUP);
    }

    @AfterAll
    static void stop() {
        if (context != null) {
            context.close();
        }
    }

    @Test
    void everySeriesTheDashboardAndAlertsAskForIsServedAtZeroBeforeTheFirstEvent() {
        PrometheusScrape scrape = PrometheusScrape.parse(new String(
                context.getBean(PrometheusScrapeEndpoint.class).scrape(PrometheusOutputFormat.CONTENT_TYPE_004, null).getBody(), StandardCharsets.UTF_8));

        assertThat(MonitoredMetrics.of(MonitoredMetrics.Service.INVENTORY_SERVICE))
                .contains("eventual_inventory_consumed_total", "eventual_inventory_failures_total");
        assertThat(MonitoredMetrics.notRegisteredAtZero(scrape, MonitoredMetrics.Service.INVENTORY_SERVICE)).isEmpty();
        List<Map<String, String>> eventsAndOutcomes = new ArrayList<>();
        for (OrderEventType event : OrderEventType.values()) {
            for (DeductStatus outcome : DeductStatus.values()) {
                eventsAndOutcomes.add(Map.of("event", event.name(), "outcome", outcome.name()));
            }
        }
        assertThat(scrape.samples("eventual_inventory_consumed_total")).extracting(PrometheusScrape.Sample::labels)
                .containsExactlyInAnyOrderElementsOf(eventsAndOutcomes);
        assertThat(scrape.labelValues("eventual_inventory_duplicates_total", "event"))
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(OrderEventType.values()).map(Enum::name).toList());
        assertThat(scrape.labelValues("eventual_inventory_failures_total", "reason")).containsExactlyInAnyOrderElementsOf(
                Arrays.stream(InventoryMetrics.Failure.values()).map(InventoryMetrics.Failure::tag).toList());
    }
}
