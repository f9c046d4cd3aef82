package dev.eventual.order.core;

import dev.eventual.order.core.outbox.OutboxProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The store plus the outbox that publishes order events as half messages and answers the broker's
 * check-backs: order-service's, the one producer group of the order topic (docs/design.md).
 */
@Configuration(proxyBeanMethods = false)
@Import(OrderStoreConfiguration.class)
@ComponentScan("dev.eventual.order.core.outbox")
@EnableConfigurationProperties(OutboxProperties.class)
public class OrderOutboxConfiguration {
}
