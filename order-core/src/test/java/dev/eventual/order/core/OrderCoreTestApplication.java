package dev.eventual.order.core;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import java.time.Clock;

/**
 * The beans a deployable gives order-core: Boot's auto-configuration (data source, MyBatis, Flyway, RocketMQ), a UTC
 * clock, and a check-back rollback hook, as order-service's stock gate plugs in.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(OrderCoreConfiguration.Publishing.class)
class OrderCoreTestApplication {

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    RolledBackOrders rolledBackOrders() {
        return new RolledBackOrders();
    }
}
