package dev.eventual.launcher;

import dev.eventual.common.messaging.InternalAuth;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.db.DatabaseServer;
import dev.eventual.infra.db.EmbeddedMariaDb;
import dev.eventual.infra.db.SchemaMigrator;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.mq.EmbeddedRocketMq;
import dev.eventual.infra.mq.RocketMqSettings;
import dev.eventual.inventory.InventoryServiceApplication;
import dev.eventual.notice.NoticeServiceApplication;
import dev.eventual.order.OrderServiceApplication;
import dev.eventual.reconcile.ReconcileJobApplication;
import org.apache.rocketmq.common.attribute.TopicMessageType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The whole suite in this JVM: embedded MariaDB (a child process), embedded RocketMQ, and each
 * service in its own Spring context on its own port. {@link #close()} stops everything in reverse.
 */
public final class LocalSuite implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LocalSuite.class);
    /** Demo stock, seeded only for SKUs that do not exist yet, so a restart keeps what happened. */
    static final Map<Long, Integer> DEMO_STOCK = Map.of(1001L, 100, 1002L, 100, 1003L, 100, 1004L, 5, 1005L, 1);

    private final EmbeddedMariaDb database;
    private final EmbeddedRocketMq broker;
    private final List<ConfigurableApplicationContext> services = new ArrayList<>();
    private final LaunchSettings settings;

    private LocalSuite(LaunchSettings settings, EmbeddedMariaDb database, EmbeddedRocketMq broker) {
        this.settings = settings;
        this.database = database;
        this.broker = broker;
    }

    public static LocalSuite start(LaunchSettings settings) {
        EmbeddedMariaDb database = EmbeddedMariaDb.start(settings.dataDirectory().resolve("mariadb"),
                settings.databasePort(), settings.keepData());
        EmbeddedRocketMq broker;
        try {
            for (ServiceDatabase serviceDatabase : ServiceDatabase.values()) {
                SchemaMigrator.createAndMigrate(database, serviceDatabase);
            }
            // check-back after 6-10 s: quick enough to watch, far from finished transactions
            broker = EmbeddedRocketMq.start(new RocketMqSettings(settings.dataDirectory().resolve("rocketmq"),
                    settings.nameServerPort(), settings.keepData(), Duration.ofSeconds(5), Duration.ofSeconds(6),
                    Duration.ofMillis(500)));
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
        LocalSuite suite = new LocalSuite(settings, database, broker);
        try {
            broker.createTopic(OrderMessaging.ORDER_TOPIC, TopicMessageType.TRANSACTION);
            ConfigurableApplicationContext order = suite.run(OrderServiceApplication.application(), ServiceDatabase.ORDER,
                    settings.orderPort(), List.of());
            String orderUrl = "--spring.cloud.discovery.client.simple.instances.order-service[0].uri=http://127.0.0.1:"
                    + port(order);
            ConfigurableApplicationContext inventory = suite.run(InventoryServiceApplication.application(),
                    ServiceDatabase.INVENTORY, settings.inventoryPort(),
                    List.of(orderUrl));
            ConfigurableApplicationContext notice = suite.run(NoticeServiceApplication.application(), ServiceDatabase.NOTICE,
                    settings.noticePort(), List.of(orderUrl));
            suite.run(ReconcileJobApplication.application(), ServiceDatabase.ORDER, settings.reconcilePort(), List.of(orderUrl,
                    "--spring.cloud.discovery.client.simple.instances.inventory-service[0].uri=http://127.0.0.1:" + port(inventory),
                    "--spring.cloud.discovery.client.simple.instances.notice-service[0].uri=http://127.0.0.1:" + port(notice)));
            suite.seedDemoStock();
            return suite;
        } catch (RuntimeException e) {
            suite.close();
            throw e;
        }
    }

    public int orderPort() {
        return port(services.get(0));
    }

    public int inventoryPort() {
        return port(services.get(1));
    }

    public int noticePort() {
        return port(services.get(2));
    }

    public int reconcilePort() {
        return port(services.get(3));
    }

    public int databasePort() {
        return database.port();
    }

    /** The suite's database server (user, password, JDBC URLs). */
    public DatabaseServer database() {
        return database;
    }

    public String nameServerAddress() {
        return broker.nameServerAddress();
    }

    @Override
    public void close() {
        List<ConfigurableApplicationContext> reversed = new ArrayList<>(services);
        Collections.reverse(reversed);
        for (ConfigurableApplicationContext service : reversed) {
            try {
                service.close();
            } catch (RuntimeException e) {
                log.warn("Service did not stop cleanly: {}", e.toString());
            }
        }
        try {
            broker.close();
        } finally {
            database.close();
        }
    }

    /** Command-line arguments win over each service's own file; the user's extra arguments win over ours. */
    private ConfigurableApplicationContext run(SpringApplicationBuilder application, ServiceDatabase serviceDatabase,
                                               int port, List<String> extra) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=" + port,
                "--spring.datasource.url=" + database.jdbcUrl(serviceDatabase.databaseName()),
                "--spring.datasource.username=" + database.username(),
                "--spring.datasource.password=" + database.password(),
                "--rocketmq.name-server=" + broker.nameServerAddress(),
                "--eventual.security.service-token=" + settings.serviceToken()));
        args.addAll(extra);
        args.addAll(settings.serviceArgs());
        ConfigurableApplicationContext context = application.run(args.toArray(String[]::new));
        services.add(context);
        return context;
    }

    private void seedDemoStock() {
        HttpClient http = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + inventoryPort() + "/api/inventory/";
        DEMO_STOCK.forEach((sku, stock) -> {
            try {
                if (http.send(HttpRequest.newBuilder(URI.create(base + sku)).GET().build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 404) {
                    http.send(HttpRequest.newBuilder(URI.create(base + sku))
                            .header("Content-Type", "application/json")
                            .header(InternalAuth.TOKEN_HEADER, settings.serviceToken())
                            .PUT(HttpRequest.BodyPublishers.ofString("{\"stock\":" + stock + "}")).build(),
                            HttpResponse.BodyHandlers.discarding());
                }
            } catch (IOException e) {
                throw new IllegalStateException("could not seed demo stock of sku " + sku, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while seeding demo stock", e);
            }
        });
    }

    private static int port(ConfigurableApplicationContext context) {
        return Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port"));
    }
}
