package dev.eventual.consumer;

import dev.eventual.consumer.retention.RetentionProperties;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * Binds {@code eventual.consumer.*} in a service that consumes the order topic. The service itself makes its
 * {@code LateEvents} after {@code RetentionFloor.check}: only it knows its broker's redelivery settings.
 */
@AutoConfiguration
@EnableConfigurationProperties({ConsumerProperties.class, RetentionProperties.class})
public class ConsumerSupportAutoConfiguration {
}
