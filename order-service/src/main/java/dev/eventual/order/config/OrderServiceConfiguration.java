package dev.eventual.order.config;

import dev.eventual.order.id.SnowflakeIds;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

@Configuration
@EnableConfigurationProperties(OrderProperties.class)
public class OrderServiceConfiguration {

    /** UTC, like every timestamp column. */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    SnowflakeIds snowflakeIds(OrderProperties properties, Clock clock) {
        return new SnowflakeIds(properties.workerId(), clock::millis);
    }
}
