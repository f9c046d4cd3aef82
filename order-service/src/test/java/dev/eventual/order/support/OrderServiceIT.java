package dev.eventual.order.support;

import dev.eventual.order.OrderServiceApplication;
import dev.eventual.infra.test.InfrastructureInitializer;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ContextConfiguration;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** order-service on a random port, against the shared real database and broker; one context for all ITs. */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
        "spring.config.name=" + OrderServiceApplication.CONFIG_NAME,
        InfrastructureInitializer.DATABASE_PROPERTY + "=ORDER"})
@ContextConfiguration(initializers = InfrastructureInitializer.class)
public @interface OrderServiceIT {
}
