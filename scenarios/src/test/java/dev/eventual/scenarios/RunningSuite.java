package dev.eventual.scenarios;

import dev.eventual.infra.db.DatabaseServer;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.test.InfrastructureInitializer;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.inventory.InventoryServiceApplication;
import dev.eventual.order.OrderServiceApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.ArrayList;
import java.util.List;

/**
 * The services of the suite running together in this JVM, each in its own Spring context on a
 * random port, on the shared embedded database and broker; started once, on first use.
 */
public final class RunningSuite {

    private static RunningSuite shared;

    private final ConfigurableApplicationContext order;
    private final ConfigurableApplicationContext inventory;

    private RunningSuite(ConfigurableApplicationContext order, ConfigurableApplicationContext inventory) {
        this.order = order;
        this.inventory = inventory;
    }

    public static synchronized RunningSuite shared() {
        if (shared == null) {
            ConfigurableApplicationContext order = start(OrderServiceApplication.application(), ServiceDatabase.ORDER,
                    List.of());
            ConfigurableApplicationContext inventory = start(InventoryServiceApplication.application(),
                    ServiceDatabase.INVENTORY, List.of(
                            "--spring.cloud.discovery.client.simple.instances.order-service[0].uri=http://127.0.0.1:"
                                    + port(order)));
            shared = new RunningSuite(order, inventory);
        }
        return shared;
    }

    public int orderPort() {
        return port(order);
    }

    public int inventoryPort() {
        return port(inventory);
    }

    /** Command-line arguments, so they win over each service's own configuration file. */
    private static ConfigurableApplicationContext start(SpringApplicationBuilder application, ServiceDatabase database,
                                                        List<String> extra) {
        TestInfrastructure infrastructure = TestInfrastructure.shared();
        DatabaseServer server = infrastructure.migrated(database);
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--spring.datasource.url=" + server.jdbcUrl(database.databaseName()),
                "--spring.datasource.username=" + server.username(),
                "--spring.datasource.password=" + server.password(),
                "--rocketmq.name-server=" + infrastructure.rocketMq().nameServerAddress(),
                "--eventual.security.service-token=" + InfrastructureInitializer.TEST_SERVICE_TOKEN));
        args.addAll(extra);
        return application.run(args.toArray(String[]::new));
    }

    private static int port(ConfigurableApplicationContext context) {
        return Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port"));
    }
}
