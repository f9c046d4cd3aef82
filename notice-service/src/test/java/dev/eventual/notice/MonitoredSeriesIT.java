package dev.eventual.notice;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.test.ListenerOffService;
import dev.eventual.infra.test.MonitoredMetrics;
import dev.eventual.infra.test.PrometheusScrape;
import dev.eventual.notice.config.NoticeMetrics;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusOutputFormat;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusScrapeEndpoint;
import org.springframework.context.ConfigurableApplicationContext;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Before any traffic, notice-service serves every series the compose stack's dashboard and alert rules ask
 * of it, counters at 0, every event type and failure reason (docs/operations.md). The metric names come
 * from the dashboard and rule files. An application of its own whose order-event listener is off: it is no
 * second member of the notice consumer group beside {@code NoticeServiceIT}'s, and consumes nothing.
 */
class MonitoredSeriesIT {

    private static ConfigurableApplicationContext context;

    @BeforeAll
    static void start() {
        context = ListenerOffService.start(NoticeServiceApplication.application(), NoticeServiceApplication.CONFIG_NAME, "NOTICE",
                OrderMessaging.NOTICE_CONSUMER_GROUP);
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

        assertThat(MonitoredMetrics.of(MonitoredMetrics.Service.NOTICE_SERVICE))
                .contains("eventual_notice_consumed_total", "eventual_notice_failures_total");
        assertThat(MonitoredMetrics.notRegisteredAtZero(scrape, MonitoredMetrics.Service.NOTICE_SERVICE)).isEmpty();
        assertThat(scrape.labelValues("eventual_notice_consumed_total", "type"))
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(OrderEventType.values()).map(Enum::name).toList());
        assertThat(scrape.labelValues("eventual_notice_failures_total", "reason")).containsExactlyInAnyOrderElementsOf(
                Arrays.stream(NoticeMetrics.Failure.values()).map(NoticeMetrics.Failure::tag).toList());
    }
}
