package dev.eventual.order.core.reconcile;

import dev.eventual.infra.test.InfrastructureInitializer;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ContextConfiguration;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The reconcile façades on the real order_db (embedded MariaDB, one server), migrated by order-core's own
 * scripts; no broker, no web server. Tests seed rows of their own (order ids and shard keys of their own),
 * so they share one context and one database.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(classes = ReconcileStoreApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {
                InfrastructureInitializer.DATABASE_PROPERTY + "=ORDER",
                InfrastructureInitializer.BROKER_PROPERTY + "=false",
                "spring.flyway.enabled=true"})
@ContextConfiguration(initializers = InfrastructureInitializer.class)
@interface ReconcileStoreIT {
}
