package dev.eventual.order.config;

import dev.eventual.order.core.OrderCoreConfiguration;
import dev.eventual.order.id.WorkerIdProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

import java.time.Clock;

@Configuration
@EnableConfigurationProperties(WorkerIdProperties.class)
@Import(OrderCoreConfiguration.Publishing.class)
public class OrderServiceConfiguration {

    /** UTC, like every timestamp column. */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
