package dev.eventual.tracing;

import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryEventPublisherBeansApplicationListener;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.OtlpTracingAutoConfiguration;
import org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/** OrderTraces over the tracer Spring Boot configures for the services: OpenTelemetry, W3C propagation. */
class OrderTracesTest {

    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String CLIENT = "00-" + TRACE_ID + "-00f067aa0ba902b7-01";

    private final ApplicationContextRunner services = new ApplicationContextRunner().withConfiguration(
            AutoConfigurations.of(ObservationAutoConfiguration.class, OpenTelemetrySdkAutoConfiguration.class,
                    OpenTelemetryTracingAutoConfiguration.class, MicrometerTracingAutoConfiguration.class,
                    TracingAutoConfiguration.class))
            // what SpringApplication registers from spring.factories: lets scope events reach the MDC
            .withInitializer(context -> context.addApplicationListener(new OpenTelemetryEventPublisherBeansApplicationListener()));

    @Test
    void resumingAnOrdersTraceContinuesItWithTheOrderInTheLogs() {
        services.run(context -> {
            OrderTraces traces = context.getBean(OrderTraces.class);
            try (OrderTraces.OrderScope scope = traces.resume("order event", 42, CLIENT)) {
                assertThat(MDC.get("traceId")).isEqualTo(TRACE_ID);
                assertThat(MDC.get(OrderTraces.ORDER_ID)).isEqualTo("42");
                String carried = traces.current();
                assertThat(carried).startsWith("00-" + TRACE_ID + "-").endsWith("-01").doesNotContain("00f067aa0ba902b7");
                assertThat(OrderTraces.valid(carried)).isTrue();
            }
            assertThat(MDC.get("traceId")).isNull();
            assertThat(MDC.get(OrderTraces.ORDER_ID)).isNull();
            assertThat(traces.current()).isNull();
        });
    }

    @Test
    void withoutAUsableTraceparentTheOrderStaysInTheCurrentTrace() {
        services.run(context -> {
            OrderTraces traces = context.getBean(OrderTraces.class);
            Tracer tracer = context.getBean(Tracer.class);
            Span request = tracer.nextSpan().name("request").start();
            try (Tracer.SpanInScope inRequest = tracer.withSpan(request)) {
                for (String unusable : new String[] {null, "", "01-" + TRACE_ID + "-00f067aa0ba902b7-01",
                        "00-" + TRACE_ID.toUpperCase() + "-00f067aa0ba902b7-01", CLIENT + "-x"}) {
                    try (OrderTraces.OrderScope scope = traces.resume("re-drive", 7, unusable)) {
                        assertThat(MDC.get("traceId")).as(unusable).isEqualTo(request.context().traceId());
                        assertThat(MDC.get(OrderTraces.ORDER_ID)).isEqualTo("7");
                    }
                }
            } finally {
                request.end();
            }
        });
    }

    @Test
    void nestedOrderIdsAreRestoredWhenAnInnerScopeCloses() {
        try (OrderTraces.OrderInLogs outer = OrderTraces.inLogs(1)) {
            try (OrderTraces.OrderInLogs inner = OrderTraces.inLogs(2)) {
                assertThat(MDC.get(OrderTraces.ORDER_ID)).isEqualTo("2");
            }
            assertThat(MDC.get(OrderTraces.ORDER_ID)).isEqualTo("1");
        }
        assertThat(MDC.get(OrderTraces.ORDER_ID)).isNull();
    }

    @Test
    void withTracingOffOnlyTheOrderIdReachesTheLogs() {
        OrderTraces off = new OrderTraces(Tracer.NOOP, Propagator.NOOP);
        try (OrderTraces.OrderScope scope = off.resume("order event", 5, CLIENT)) {
            assertThat(off.current()).isNull();
            assertThat(MDC.get(OrderTraces.ORDER_ID)).isEqualTo("5");
        }
    }

    @Test
    void noSpanLeavesTheServiceUnlessAnOtlpEndpointIsSet() {
        ApplicationContextRunner exporting = services.withConfiguration(AutoConfigurations.of(OtlpTracingAutoConfiguration.class));
        exporting.run(context -> assertThat(context).doesNotHaveBean(SpanExporter.class));
        exporting.withPropertyValues("management.opentelemetry.tracing.export.otlp.endpoint=http://127.0.0.1:4318/v1/traces")
                .run(context -> assertThat(context).hasSingleBean(SpanExporter.class));
    }
}
