package dev.eventual.infra.test;

import dev.eventual.common.messaging.OrderMessaging;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * An order-event consumer (inventory-service, notice-service) started on the shared test infrastructure
 * with its listener off: it consumes none of the other tests' events and takes none from their consumer
 * group, and order-service is an address nobody answers. For a test that looks at the service at rest,
 * such as the series it serves before any traffic (each consumer's MonitoredSeriesIT).
 *
 * <p>Started by hand rather than by Spring's test support: a cached test context of its own would make
 * Spring Framework 7 pause (stop) the module's shared context when switching, and a stopped RocketMQ
 * listener container cannot start again.
 */
public final class ListenerOffService {

    private ListenerOffService() {
    }

    /**
     * @param application   the service's own application builder
     * @param configName    its {@code spring.config.name}
     * @param database      its database, as {@link InfrastructureInitializer#DATABASE_PROPERTY} names it
     * @param consumerGroup its consumer group on the order topic
     */
    public static ConfigurableApplicationContext start(SpringApplicationBuilder application, String configName,
                                                       String database, String consumerGroup) {
        return application.initializers(new InfrastructureInitializer()).run(
                "--server.port=0",
                "--spring.config.name=" + configName,
                "--" + InfrastructureInitializer.DATABASE_PROPERTY + "=" + database,
                "--spring.cloud.discovery.client.simple.instances.order-service[0].uri=http://127.0.0.1:1",
                "--rocketmq.consumer.listeners[" + consumerGroup + "][" + OrderMessaging.ORDER_TOPIC + "]=false");
    }
}
