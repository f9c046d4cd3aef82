package dev.eventual.reconcile.support;

import dev.eventual.infra.test.InfrastructureInitializer;
import dev.eventual.reconcile.ReconcileJobApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ContextConfiguration;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * reconcile-job on the real order_db and a random port, its scheduler quiet (runs are started by the
 * tests), no downstream services: rows the tests seed are ones a run settles without asking anyone.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.config.name=" + ReconcileJobApplication.CONFIG_NAME,
        InfrastructureInitializer.DATABASE_PROPERTY + "=ORDER",
        InfrastructureInitializer.BROKER_PROPERTY + "=false",
        "eventual.reconcile.standalone-interval=1h",
        "eventual.reconcile.archive-interval=1h",
        "eventual.reconcile.page-size=500"})
@ContextConfiguration(initializers = InfrastructureInitializer.class)
public @interface ReconcileJobIT {
}
