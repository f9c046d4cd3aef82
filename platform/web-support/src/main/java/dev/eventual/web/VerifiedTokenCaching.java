package dev.eventual.web;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.security.oauth2.jwt.JwtDecoder;

import java.time.Clock;

/**
 * Puts {@link VerifiedTokens} in front of the decoder Spring Boot builds from
 * {@code spring.security.oauth2.resourceserver.jwt.*} (or a service's own), so that Boot keeps building it
 * with every validator. Without a meter registry (a test's bare context) the counters go nowhere.
 */
final class VerifiedTokenCaching implements BeanPostProcessor {

    private final ObjectProvider<TokenCacheProperties> properties;
    private final ObjectProvider<MeterRegistry> meters;

    VerifiedTokenCaching(ObjectProvider<TokenCacheProperties> properties, ObjectProvider<MeterRegistry> meters) {
        this.properties = properties;
        this.meters = meters;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof JwtDecoder decoder && !(bean instanceof VerifiedTokens)) {
            return new VerifiedTokens(decoder, properties.getObject().maximumSize(), Clock.systemUTC(),
                    meters.getIfAvailable(CompositeMeterRegistry::new));
        }
        return bean;
    }
}
