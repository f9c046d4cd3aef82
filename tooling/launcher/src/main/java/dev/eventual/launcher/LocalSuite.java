package dev.eventual.launcher;

import dev.eventual.infra.db.DatabaseServer;
import dev.eventual.infra.db.EmbeddedMariaDb;
import dev.eventual.infra.mq.EmbeddedRocketMq;
import dev.eventual.infra.mq.RocketMqSettings;
import dev.eventual.infra.redis.RedisServer;
import dev.eventual.launcher.identity.ConsoleClient;
import dev.eventual.launcher.identity.SuiteIdentity;
import dev.eventual.launcher.logging.ServiceLabel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ConfigurableApplicationContext;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The whole suite in this JVM: embedded MariaDB and Redis (child processes), embedded RocketMQ, the
 * authorization server, and each service in its own Spring context on its own port. {@link #close()} stops everything in reverse.
 */
public final class LocalSuite implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LocalSuite.class);
    /** Demo stock, seeded only for SKUs that do not exist yet, so a restart keeps what happened. */
    static final Map<Long, Integer> DEMO_STOCK = Map.of(1001L, 100, 1002L, 100, 1003L, 100, 1004L, 5, 1005L, 1);

    private final SuiteInfrastructure infrastructure;
    private SuiteIdentity identity;
    private ConsoleClient console;
    private final List<ConfigurableApplicationContext> services = new ArrayList<>();
    private final LaunchSettings settings;
    private final AtomicBoolean closed = new AtomicBoolean();

    private LocalSuite(LaunchSettings settings, SuiteInfrastructure infrastructure) {
        this.settings = settings;
        this.infrastructure = infrastructure;
    }

    public static LocalSuite start(LaunchSettings settings) {
        // check-back after 6-10 s: quick enough to watch, far from finished transactions
        LocalSuite suite = new LocalSuite(settings, SuiteInfrastructure.start(settings.dataDirectory(),
                settings.databasePort(), settings.redisPort(), settings.keepData(), settings.databasePassword(), new RocketMqSettings(
                        settings.dataDirectory(), settings.nameServerPort(), settings.keepData(), Duration.ofSeconds(5),
                        Duration.ofSeconds(6), Duration.ofMillis(500), settings.bindAddress()), settings.orderServers()));
        try {
            suite.console = ConsoleClient.on(settings.reconcilePort());
            suite.identity = SuiteIdentity.start(settings.dataDirectory(), settings.bindAddress(), settings.authPort(),
                    settings.keepData(), suite.console.serverArgs());
            ConfigurableApplicationContext order = suite.run(SuiteService.ORDER, settings.orderPort(), settings.orderPort(), List.of());
            String orderUrl = SuiteInfrastructure.peer("order-service", port(order));
            ConfigurableApplicationContext inventory = suite.run(SuiteService.INVENTORY, settings.inventoryPort(),
                    settings.inventoryPort(), List.of(orderUrl));
            ConfigurableApplicationContext notice = suite.run(SuiteService.NOTICE, settings.noticePort(), settings.noticePort(),
                    List.of(orderUrl));
            List<String> reconcile = new ArrayList<>(List.of(orderUrl,
                    SuiteInfrastructure.peer("inventory-service", port(inventory)),
                    SuiteInfrastructure.peer("notice-service", port(notice))));
            reconcile.addAll(suite.console.reconcileArgs());
            reconcile.addAll(settings.reconcileArgs());
            suite.run(SuiteService.RECONCILE, suite.console.port(), settings.reconcilePort(), reconcile);
            DemoStock.seedMissing(suite.inventoryPort(), suite.identity.token("adam"), DEMO_STOCK);
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

    /** Where a service serves health, metrics and Prometheus: its management port, on loopback. */
    public int managementPort(SuiteService service) {
        return Integer.parseInt(services.get(service.ordinal()).getEnvironment().getRequiredProperty("local.management.port"));
    }

    /** The operators' console of the reconcile job, where operators and admins sign in with a browser. */
    public String consoleUrl() {
        return console.url();
    }

    /** The suite's authorization server and its demo users. */
    public SuiteIdentity identity() {
        return identity;
    }

    public int databasePort() {
        return infrastructure.databasePort();
    }

    /** The ports of order_db's servers in shard order; the first is {@link #databasePort()}. */
    public List<Integer> orderDbPorts() {
        return infrastructure.orderServers().stream().map(EmbeddedMariaDb::port).toList();
    }

    /** The suite's database server (user, password, JDBC URLs). */
    public DatabaseServer database() {
        return infrastructure.database();
    }

    /** The suite's Redis (address, password); a test may stop and start it. */
    public RedisServer redis() {
        return infrastructure.redis();
    }

    public String nameServerAddress() {
        return infrastructure.broker().nameServerAddress();
    }

    /** The suite's broker; a test may make it hang ({@link EmbeddedRocketMq#stallSends()}). */
    public EmbeddedRocketMq broker() {
        return infrastructure.broker();
    }

    /** Stops the services in reverse order, then the servers; a second call does nothing. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        List<ConfigurableApplicationContext> reversed = new ArrayList<>(services);
        Collections.reverse(reversed);
        for (ConfigurableApplicationContext service : reversed) {
            try {
                service.close();
            } catch (RuntimeException e) {
                log.warn("Service did not stop cleanly: {}", e.toString());
            }
        }
        if (identity != null) {
            identity.close();
        }
        infrastructure.close();
    }

    /**
     * Command-line arguments win over each service's own file; the user's extra arguments win over ours.
     *
     * @param configuredPort the port the settings ask for (0: a free one), which its management port follows
     */
    private ConfigurableApplicationContext run(SuiteService service, int port, int configuredPort, List<String> extra) {
        if (port != 0) {
            ServiceLabel.servicePort(service.serviceId(), port);
        }
        List<String> args = infrastructure.serviceArgs(service, port, SuiteInfrastructure.managementPort(configuredPort), identity.issuer());
        args.addAll(identity.clients().serviceArgs(service.serviceId()));
        args.addAll(extra);
        args.addAll(settings.serviceArgs());
        ConfigurableApplicationContext context = ServiceLabel.startingAs(service.serviceId(),
                // no hook of Spring's own: it would close the service while close() stops the servers under it
                () -> service.application().registerShutdownHook(false).run(args.toArray(String[]::new)));
        ServiceLabel.servicePort(service.serviceId(), port(context));
        services.add(context);
        return context;
    }

    private static int port(ConfigurableApplicationContext context) {
        return Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port"));
    }
}
