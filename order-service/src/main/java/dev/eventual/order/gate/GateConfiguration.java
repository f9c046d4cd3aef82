package dev.eventual.order.gate;

import dev.eventual.gate.StockGate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

import java.time.Clock;

/** The gate's client; it opens no connection until a gated order asks (Lettuce connects lazily). */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(GateProperties.class)
class GateConfiguration {

    @Bean
    StockGate stockGate(StringRedisTemplate redis, Clock clock) {
        return new StockGate(redis, clock);
    }
}
