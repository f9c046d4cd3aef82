package dev.eventual.consumer;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/** Binds {@code eventual.consumer.*} in a service that consumes the order topic. */
@AutoConfiguration
@EnableConfigurationProperties(ConsumerProperties.class)
public class ConsumerSupportAutoConfiguration {
}
