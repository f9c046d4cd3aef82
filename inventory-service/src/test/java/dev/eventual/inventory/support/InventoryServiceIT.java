package dev.eventual.inventory.support;

import dev.eventual.inventory.InventoryServiceApplication;
import dev.eventual.infra.test.InfrastructureInitializer;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ContextConfiguration;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * inventory-service on a random port against the shared real database and broker. order-service
 * is not running: its address is a closed port, so every status report fails, as when it is down (but for
 * LateEventIT's fake, whose refusals must be taken to be acknowledged).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.config.name=" + InventoryServiceApplication.CONFIG_NAME,
        InfrastructureInitializer.DATABASE_PROPERTY + "=INVENTORY",
        "spring.cloud.discovery.client.simple.instances.order-service[0].uri=http://127.0.0.1:1",
        // LateEventIT points order-service at a fake (FakeOrderService) for a moment; it must be asked each time
        "spring.cloud.loadbalancer.cache.enabled=false"})
@ContextConfiguration(initializers = InfrastructureInitializer.class)
public @interface InventoryServiceIT {
}
