package dev.eventual.web;

import dev.eventual.common.messaging.InternalAuth;
import dev.eventual.tracing.OrderTraces;
import feign.RequestInterceptor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * Every Feign call a service makes to another one carries the service token and the caller's trace
 * context (a {@code traceparent} header, docs/tracing.md), so the peer's request continues the trace.
 * A header rather than Feign's Micrometer capability: feign-micrometer of the Feign version Spring
 * Cloud manages is not on Maven Central.
 */
@AutoConfiguration(after = WebSupportAutoConfiguration.class)
@ConditionalOnClass(RequestInterceptor.class)
public class PeerCallsAutoConfiguration {

    @Bean
    RequestInterceptor serviceTokenInterceptor(ServiceTokenProperties properties) {
        return template -> template.header(InternalAuth.TOKEN_HEADER, properties.serviceToken());
    }

    @Bean
    RequestInterceptor traceContextInterceptor(OrderTraces traces) {
        return template -> {
            String traceparent = traces.current();
            if (traceparent != null) {
                template.header(OrderTraces.TRACEPARENT, traceparent);
            }
        };
    }
}
