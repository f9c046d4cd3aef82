package dev.eventual.notice.report;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.consumer.ConsumerProperties;
import dev.eventual.consumer.report.ReportCoalescer;
import dev.eventual.tracing.OrderTraces;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Reports go to order-service coalesced, one call per window; a failed call is left to reconciliation. */
@Configuration(proxyBeanMethods = false)
public class OrderStatusReports {

    @Bean
    ReportCoalescer reportCoalescer(OrderStatusClient client, ConsumerProperties consumer, OrderTraces traces,
                                    MeterRegistry registry) {
        return new ReportCoalescer(OrderMessaging.NOTICE_CONSUMER_GROUP, client::reportConsumerOutcomes,
                consumer.report(), traces, registry, "eventual.notice.report-failures");
    }
}
