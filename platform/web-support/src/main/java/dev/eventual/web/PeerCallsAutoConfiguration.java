package dev.eventual.web;

import dev.eventual.tracing.OrderTraces;
import feign.RequestInterceptor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Every Feign call a service makes to another one carries the caller's trace context (a {@code traceparent}
 * header, docs/tracing.md), so the peer's request continues the trace. A header rather than Feign's
 * Micrometer capability: feign-micrometer of the Feign version Spring Cloud manages is not on Maven
 * Central. The calling service's access token is Spring Cloud OpenFeign's own interceptor's
 * ({@code spring.cloud.openfeign.oauth2.*} in the service's configuration, docs/security.md).
 */
@AutoConfiguration(after = WebSupportAutoConfiguration.class)
@ConditionalOnClass(RequestInterceptor.class)
public class PeerCallsAutoConfiguration {

    @Bean
    @ConditionalOnBooleanProperty("spring.cloud.openfeign.oauth2.enabled")
    PeerCallCredential peerCallCredential(Environment environment) {
        return new PeerCallCredential(environment);
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
