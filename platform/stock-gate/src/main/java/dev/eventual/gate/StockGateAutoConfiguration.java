package dev.eventual.gate;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.core.StringRedisTemplate;

import java.time.Clock;

/**
 * The gate's client and {@code eventual.gate.*} in each service that has this module: it opens no
 * connection until the gate is asked (Lettuce connects lazily), so a service with the gate off never
 * talks to Redis.
 */
@AutoConfiguration(after = DataRedisAutoConfiguration.class)
@EnableConfigurationProperties(GateProperties.class)
public class StockGateAutoConfiguration {

    @Bean
    StockGate stockGate(StringRedisTemplate redis, ObjectProvider<Clock> clock, GateProperties properties) {
        return new StockGate(redis, clock.getIfAvailable(Clock::systemUTC), properties.admissions());
    }
}
