package dev.eventual.reconcile;

import dev.eventual.order.core.OrderCoreConfiguration;
import dev.eventual.reconcile.config.ReconcileProperties;
import dev.eventual.reconcile.gate.GateRepairProperties;
import dev.eventual.reconcile.retention.RetentionProperties;
import dev.eventual.reconcile.timeout.UnpaidTimeoutProperties;
import dev.eventual.reconcile.workorder.WorkOrderProperties;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.cloud.openfeign.EnableFeignClients;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import java.time.Clock;

/**
 * Reconciles order_db against the downstream services; see docs/design.md, "Services and databases",
 * for what it owns.
 */
@SpringBootApplication
@EnableFeignClients
@Import(OrderCoreConfiguration.Reconciling.class)
@EnableConfigurationProperties({ReconcileProperties.class, UnpaidTimeoutProperties.class, GateRepairProperties.class,
        WorkOrderProperties.class, RetentionProperties.class})
public class ReconcileJobApplication {

    /** Its configuration is {@value #CONFIG_NAME}.yml, so all services can share one classpath (tests, launcher). */
    public static final String CONFIG_NAME = "reconcile-job";

    public static void main(String[] args) {
        application().run(args);
    }

    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(ReconcileJobApplication.class).properties("spring.config.name=" + CONFIG_NAME);
    }

    /** UTC, like every timestamp column. */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
