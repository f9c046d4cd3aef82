package dev.eventual.order.core;

import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The store plus what order-service does to order_db ({@link dev.eventual.order.core.orders.Orders}) and the
 * outbox that publishes its order events as half messages and answers the broker's check-backs: order-service
 * is the one producer group of the order topic (docs/design.md).
 */
@Configuration(proxyBeanMethods = false)
@Import(OrderStoreConfiguration.class)
@ComponentScan({"dev.eventual.order.core.outbox", "dev.eventual.order.core.orders", "dev.eventual.order.core.leases"})
public class OrderOutboxConfiguration {
}
