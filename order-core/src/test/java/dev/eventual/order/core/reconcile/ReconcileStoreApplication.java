package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.OrderCoreConfiguration;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * order_db as reconcile-job works it and nothing else: order-core's store on the real database, no
 * deployable. The recording of consumer statuses, which the store configuration brings, counts on a
 * meter registry; without the actuator a simple one.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(OrderCoreConfiguration.Reconciling.class)
class ReconcileStoreApplication {

    @Bean
    MeterRegistry meterRegistry() {
        return new SimpleMeterRegistry();
    }
}
