package dev.eventual.consumer.report;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.consumer.ConsumerSupportAutoConfiguration;
import dev.eventual.tracing.OrderTraces;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.cloud.openfeign.FeignAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report client and coalescer exist only in a context that asks for them: the launcher runs every
 * service on one classpath, where order-service and reconcile-job must not gain them.
 */
class EnableStatusReportsTest {

    private final ApplicationContextRunner contexts = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(ConsumerSupportAutoConfiguration.class, FeignAutoConfiguration.class))
            // a fixed address instead of the load balancer, which this test leaves out
            .withPropertyValues("spring.cloud.openfeign.client.config.orderStatus.url=http://127.0.0.1:9")
            .withUserConfiguration(Infrastructure.class);

    @Test
    void aConsumerThatEnablesReportsGetsOneCoalescerForItsGroupOverTheReportClient() {
        contexts.withUserConfiguration(Consumer.class).run(context -> {
            assertThat(context).hasSingleBean(ReportCoalescer.class).hasSingleBean(OrderStatusClient.class);
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            assertThat(registry.find("eventual.inventory.report-failures").counter()).isNotNull();
            assertThat(registry.find("eventual.consumer.report.batch")
                    .tag("group", OrderMessaging.INVENTORY_CONSUMER_GROUP).summary()).isNotNull();
        });
    }

    @Test
    void aContextThatDoesNotGetsNeither() {
        contexts.run(context -> assertThat(context).hasNotFailed()
                .doesNotHaveBean(ReportCoalescer.class).doesNotHaveBean(OrderStatusClient.class));
    }

    @Configuration(proxyBeanMethods = false)
    @EnableStatusReports(consumerGroup = OrderMessaging.INVENTORY_CONSUMER_GROUP,
            failuresMetric = "eventual.inventory.report-failures")
    static class Consumer {
    }

    @Configuration(proxyBeanMethods = false)
    static class Infrastructure {

        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }

        @Bean
        OrderTraces orderTraces() {
            return new OrderTraces(Tracer.NOOP, Propagator.NOOP);
        }
    }
}
