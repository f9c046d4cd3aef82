package dev.eventual.inventory;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.consumer.report.EnableStatusReports;
import dev.eventual.inventory.config.InventoryProperties;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * Consumes order events and deducts stock exactly once; see docs/design.md, "Services and databases",
 * for what it owns.
 */
@SpringBootApplication
@EnableStatusReports(consumerGroup = OrderMessaging.INVENTORY_CONSUMER_GROUP,
        failuresMetric = "eventual.inventory.report-failures")
@EnableConfigurationProperties(InventoryProperties.class)
public class InventoryServiceApplication {

    /** Its configuration is {@value #CONFIG_NAME}.yml, so all services can share one classpath (tests, launcher). */
    public static final String CONFIG_NAME = "inventory-service";

    public static void main(String[] args) {
        application().run(args);
    }

    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(InventoryServiceApplication.class).properties("spring.config.name=" + CONFIG_NAME);
    }
}
