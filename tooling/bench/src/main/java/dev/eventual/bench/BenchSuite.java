package dev.eventual.bench;

import dev.eventual.bench.service.BenchServiceMain;
import dev.eventual.bench.service.ModeSwitch;
import dev.eventual.bench.service.ModeSwitchingPublisher;
import dev.eventual.bench.service.PublishMode;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.mq.RocketMqSettings;
import dev.eventual.infra.redis.EmbeddedRedis;
import dev.eventual.launcher.invariants.Quiescence;
import dev.eventual.launcher.process.ProcessSuite;
import dev.eventual.launcher.process.ProcessSuiteSettings;
import dev.eventual.launcher.process.ServerConnections;
import dev.eventual.launcher.SuiteService;
import org.apache.rocketmq.common.attribute.TopicMessageType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import java.util.function.LongFunction;
import java.util.Map;

/**
 * The suite under test: every service in its own JVM (so each has its own RSS and CPU), MariaDB and
 * RocketMQ embedded in this JVM, the benchmark's publisher switch in order-service.
 */
public final class BenchSuite implements AutoCloseable {

    /** Stock of every SKU the order load uses: never runs out, so every order is a SUCCESS downstream. */
    public static final int SKUS = 1_000;
    public static final long FIRST_SKU = 100_000L;
    /**
     * The one SKU behind the stock gate (the flash-sale section's): far from the order load's SKUs and
     * the hot-SKU section's, so every other section keeps today's path.
     */
    public static final long FLASH_SKU = 700_000_000L;

    private final ProcessSuite suite;
    private final Map<Long, String> customerTokens = new ConcurrentHashMap<>();
    private final ModeSwitch modes;

    private BenchSuite(ProcessSuite suite, ModeSwitch modes) {
        this.suite = suite;
        this.modes = modes;
    }

    public static BenchSuite start(BenchOptions options) {
        return start(options, List.of());
    }

    /** @param serviceArgs more arguments for every service (a section's own settings) */
    public static BenchSuite start(BenchOptions options, List<String> serviceArgs) {
        Path data = options.workDirectory();
        Path modeDir = data.resolve("mode");
        ModeSwitch modes = new ModeSwitch(modeDir);
        modes.set(PublishMode.TRANSACTIONAL);
        createDirectories(data.resolve("tmp"));
        List<String> jvm = new ArrayList<>(List.of("-Xms" + options.serviceHeap(), "-Xmx" + options.serviceHeap(),
                "-XX:+UseSerialGC", "-Dio.netty.noUnsafe=false", "-Duser.home=" + data.resolve("home"),
                "-Djava.io.tmpdir=" + data.resolve("tmp"), "-D" + ModeSwitch.DIRECTORY_PROPERTY + "=" + modeDir));
        if (options.profile()) {
            // a directory as file name: the JVM names its recording hotspot-pid-<pid>-...jfr
            createDirectories(data.resolve("jfr"));
            jvm.add("-XX:StartFlightRecording=settings=profile,dumponexit=true,filename=" + data.resolve("jfr"));
        }
        ProcessSuite suite = ProcessSuite.start(new ProcessSuiteSettings(data,
                System.getProperty("java.class.path"), BenchServiceMain.class.getName(), jvm,
                // order-service's own reconcile-delay: the last consumer report finishes an event, the job gets stragglers
                Stream.concat(Stream.of("--eventual.reconcile.standalone-interval=1s",
                        // the stock gate on in order- and inventory-service, for the flash-sale SKU only
                        "--eventual.gate.enabled=true",
                        "--eventual.gate.skus=" + FLASH_SKU,
                        "--logging.level.root=" + options.serviceLogLevel(),
                        "--logging.level.dev.eventual=" + options.serviceLogLevel()), serviceArgs.stream()).toList(),
                // the broker's own defaults (check every 30 s, after 6 s, op batches every 3 s), not the tests' fast ones
                new RocketMqSettings(data, 0, false, Duration.ofSeconds(30), Duration.ofSeconds(6),
                        Duration.ofSeconds(3)), options.orderShards()));
        BenchSuite bench = new BenchSuite(suite, modes);
        try {
            suite.broker().createTopic(ModeSwitchingPublisher.PLAIN_TOPIC, TopicMessageType.NORMAL);
            bench.seedStock();
            return bench;
        } catch (RuntimeException e) {
            bench.close();
            throw e;
        }
    }

    /** The arguments that give a service of this JVM (reconcile-job's, say) its own client's secret. */
    public List<String> clientArgs(SuiteService service) {
        return suite.identity().clients().serviceArgs(service.serviceId());
    }

    /** Customers' access tokens, one sign-in per customer for the whole run (tokens live 30 minutes). */
    public LongFunction<String> customerTokens() {
        return userId -> customerTokens.computeIfAbsent(userId, id -> suite.identity().token("customer:" + id));
    }

    /** The suite's authorization server, whose tokens every service checks. */
    public String issuer() {
        return suite.identity().issuer();
    }

    /** The gate's redis-server process, -1 while it is down. */
    public long redisPid() {
        try {
            return suite.redis() instanceof EmbeddedRedis redis ? redis.pid() : -1L;
        } catch (IllegalStateException down) {
            return -1L;
        }
    }

    public ProcessSuite processes() {
        return suite;
    }

    public int port(SuiteService service) {
        return suite.service(service).port();
    }

    /** Switches order-service's publisher and waits until it has seen the switch. */
    public void mode(PublishMode mode) {
        modes.set(mode);
        sleep(ModeSwitch.SETTLE);
    }

    public void createTopic(String topic, TopicMessageType type) {
        suite.broker().createTopic(topic, type);
    }

    public String nameServer() {
        return suite.broker().nameServerAddress();
    }

    public Connection connect(ServiceDatabase database) throws SQLException {
        return DriverManager.getConnection(suite.database().jdbcUrl(database.databaseName()),
                suite.database().username(), suite.database().password());
    }

    public String jdbcUrl(ServiceDatabase database) {
        return suite.database().jdbcUrl(database.databaseName());
    }

    public String databaseUser() {
        return suite.database().username();
    }

    public String databasePassword() {
        return suite.database().password();
    }

    /** A count, summed over order_db's servers for order_db (an order's rows are all on one of them). */
    public long count(ServiceDatabase database, String query, Object... parameters) {
        long total = 0;
        try (ServerConnections servers = connectAll(database)) {
            for (Connection connection : servers.all()) {
                try (PreparedStatement sql = connection.prepareStatement(query)) {
                    for (int i = 0; i < parameters.length; i++) {
                        sql.setObject(i + 1, parameters[i]);
                    }
                    try (ResultSet rows = sql.executeQuery()) {
                        rows.next();
                        total += rows.getLong(1);
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(query, e);
        }
        return total;
    }

    /** One connection per server of the database, as admin ({@link ProcessSuite#connect}); the caller closes them. */
    public ServerConnections connectAll(ServiceDatabase database) {
        try {
            return suite.connect(database);
        } catch (SQLException e) {
            throw new IllegalStateException("connecting to " + database.databaseName(), e);
        }
    }

    public int update(ServiceDatabase database, String statement) {
        try (Connection connection = connect(database); Statement sql = connection.createStatement()) {
            return sql.executeUpdate(statement);
        } catch (SQLException e) {
            throw new IllegalStateException(statement, e);
        }
    }

    /**
     * Waits until both consumers have reported every transactional event (no production message_log row
     * is still SENT), at most {@code timeout}: a backlog left by one step must not eat the next one's CPU.
     */
    public boolean awaitConsumed(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (count(ServiceDatabase.ORDER, "SELECT COUNT(*) FROM message_log WHERE msg_status = 'SENT'"
                    + " AND transaction_id NOT LIKE '" + ModeSwitchingPublisher.TRANSACTION_ID_PREFIX + "%'") == 0) {
                return true;
            }
            sleep(Duration.ofMillis(250));
        }
        return false;
    }

    /** Waits until no message_log row is due or claimed (the reconcile job has caught up), at most {@code timeout}. */
    public boolean awaitReconciled(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            boolean quiet = true;
            try (ServerConnections servers = connectAll(ServiceDatabase.ORDER)) {
                for (Connection orders : servers.all()) {
                    quiet &= Quiescence.quiet(orders);
                }
            } catch (SQLException e) {
                throw new IllegalStateException("reading order_db", e);
            }
            if (quiet) {
                return true;
            }
            sleep(Duration.ofMillis(500));
        }
        return false;
    }

    private void seedStock() {
        try (Connection connection = connect(ServiceDatabase.INVENTORY);
             PreparedStatement insert = connection.prepareStatement(
                     "INSERT INTO inventory (sku_id, stock) VALUES (?, 100000000)")) {
            for (long sku = FIRST_SKU; sku < FIRST_SKU + SKUS; sku++) {
                insert.setLong(1, sku);
                insert.addBatch();
            }
            insert.executeBatch();
        } catch (SQLException e) {
            throw new IllegalStateException("stock seeding failed", e);
        }
    }

    public static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void createDirectories(Path directory) {
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        suite.close();
    }
}
