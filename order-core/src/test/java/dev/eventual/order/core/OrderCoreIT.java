package dev.eventual.order.core;

import dev.eventual.infra.test.InfrastructureInitializer;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ContextConfiguration;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * order-core as order-service runs it (its façades, the outbox and the check-back, order_db migrated by
 * order-core itself), with no web edge: against the module's real MariaDB and RocketMQ broker. One
 * context for every IT of order-service's side.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(classes = OrderCoreTestApplication.class, properties = {
        InfrastructureInitializer.DATABASE_PROPERTY + "=ORDER",
        "rocketmq.producer.group=eventual-order-core-it",
        "rocketmq.producer.send-message-timeout=3000",
        "rocketmq.producer.retry-times-when-send-failed=0",
        // what order-service runs with: the consumer-status recording asks for it per transaction anyway
        "spring.datasource.hikari.transaction-isolation=TRANSACTION_READ_COMMITTED",
        "spring.datasource.hikari.connection-timeout=3000",
        // a relay backlog of more than one batch (BrokerFallbackIT) stays quick to place
        "eventual.order.relay.batch-size=40"})
@ContextConfiguration(initializers = InfrastructureInitializer.class)
public @interface OrderCoreIT {
}
