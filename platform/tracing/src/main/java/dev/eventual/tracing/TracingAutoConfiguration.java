package dev.eventual.tracing;

import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Registers {@link OrderTraces} in every service that has this module on its classpath: the HTTP edge
 * (web-support's Feign interceptor) and the messaging code (consumers, the half message, re-drives)
 * alike (docs/tracing.md).
 */
@AutoConfiguration
public class TracingAutoConfiguration {

    /** Tracing is optional in a test slice: without a tracer or propagator, orders carry no trace context. */
    @Bean
    @ConditionalOnMissingBean
    OrderTraces orderTraces(ObjectProvider<Tracer> tracer, ObjectProvider<Propagator> propagator) {
        return new OrderTraces(tracer.getIfAvailable(() -> Tracer.NOOP),
                propagator.getIfAvailable(() -> Propagator.NOOP));
    }
}
