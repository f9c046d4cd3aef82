package dev.eventual.consumer.report;

import dev.eventual.consumer.ConsumerProperties;
import dev.eventual.tracing.OrderTraces;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.cloud.openfeign.EnableFeignClients;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.ImportAware;
import org.springframework.core.annotation.AnnotationAttributes;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Reports go to order-service coalesced, one call per window; a failed call is left to reconciliation.
 * Imported by {@link EnableStatusReports}, whose attributes name the group and its failure counter.
 */
@Configuration(proxyBeanMethods = false)
@EnableFeignClients(clients = OrderStatusClient.class)
class OrderStatusReports implements ImportAware {

    private AnnotationAttributes enabled;

    @Override
    public void setImportMetadata(AnnotationMetadata importMetadata) {
        enabled = AnnotationAttributes.fromMap(
                importMetadata.getAnnotationAttributes(EnableStatusReports.class.getName()));
    }

    @Bean
    ReportCoalescer reportCoalescer(OrderStatusClient client, ConsumerProperties consumer, OrderTraces traces,
                                    MeterRegistry registry) {
        return new ReportCoalescer(enabled.getString("consumerGroup"), client::reportConsumerOutcomes,
                consumer.report(), traces, registry, enabled.getString("failuresMetric"));
    }
}
