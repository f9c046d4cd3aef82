package dev.eventual.scenarios;

import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.mq.RocketMqSettings;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.launcher.invariants.GateConnection;
import dev.eventual.launcher.invariants.GateInvariants;
import dev.eventual.launcher.invariants.InvariantChecker;
import dev.eventual.launcher.invariants.Quiescence;
import dev.eventual.launcher.invariants.Violation;
import dev.eventual.launcher.process.ProcessSuite;
import dev.eventual.launcher.process.ProcessSuiteSettings;
import dev.eventual.launcher.process.ServerConnections;
import dev.eventual.launcher.SuiteService;
import dev.eventual.scenarios.fault.FaultInjectingMain;
import dev.eventual.scenarios.fault.FaultPoint;
import dev.eventual.scenarios.fault.FaultSwitches;

import org.awaitility.core.ConditionTimeoutException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * One process-per-service suite for every scenario of this JVM, with fault points in the services
 * and reconciliation timings in seconds. Scenarios use their own users and SKUs, leave every
 * service running and every fault point disarmed, and end quiet (nothing left to reconcile).
 */
final class ChaosSuite {

    /**
     * order_db on two servers, as a sharded deployment runs (docs/design.md, "Sharding order_db"): every
     * scenario's faults meet the routing, and the soak stops one server among them.
     */
    static final int ORDER_SERVERS = 2;
    /**
     * Long enough for a killed service to come back before an event runs out of retries. The soak
     * went quiet 51–92 s after its load on this 2-core box; the bound leaves room for a busier one.
     */
    static final Duration QUIET_TIMEOUT = Duration.ofMinutes(5);

    private static ChaosSuite instance;

    final ProcessSuite suite;
    private final SuiteTokens tokens;
    final FaultSwitches faults;

    private ChaosSuite(ProcessSuite suite, FaultSwitches faults) {
        this.suite = suite;
        this.tokens = new SuiteTokens(suite.identity());
        this.faults = faults;
    }

    static synchronized ChaosSuite get() {
        if (instance == null) {
            Path data = Path.of(System.getProperty("eventual.infra.dir", "target/infra")).resolve("chaos").toAbsolutePath();
            Path faultsDir = data.resolve("faults");
            FaultSwitches faults = new FaultSwitches(faultsDir);
            createDirectories(data.resolve("tmp"));
            for (FaultPoint point : FaultPoint.values()) {
                faults.reset(point);
            }
            String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            ProcessSuite suite = ProcessSuite.start(new ProcessSuiteSettings(data, classpath,
                    FaultInjectingMain.class.getName(),
                    List.of("-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Dio.netty.noUnsafe=false",
                            "-Duser.home=" + data.resolve("home"), "-Djava.io.tmpdir=" + data.resolve("tmp"),
                            "-D" + FaultInjectingMain.FAULTS_DIR + "=" + faultsDir),
                    List.of("--eventual.order.reconcile-delay=2s", "--eventual.reconcile.standalone-interval=1s",
                            "--eventual.reconcile.backoff=1s,2s,4s,8s", "--eventual.reconcile.jitter=0",
                            "--eventual.reconcile.max-retries=8",
                            "--eventual.reconcile.downstream-down-delay=5s",
                            // a killed reconcile run's claimed rows come due again in seconds, not the default 2 min
                            "--eventual.reconcile.claim-lease=15s", "--logging.level.root=INFO",
                            // the stock gate for SoakIT's gated SKUs only; every other scenario's SKUs take today's path
                            "--eventual.gate.enabled=true", "--eventual.gate.skus=" + SoakIT.GATED_SKUS,
                            "--eventual.reconcile.gate.standalone-interval=1s", "--eventual.reconcile.gate.grace=15s"),
                    // 15 check-backs 2 s apart: a killed order-service is back well before the broker gives up
                    new RocketMqSettings(data, 0, false, Duration.ofSeconds(2), Duration.ofSeconds(3),
                            Duration.ofMillis(500)), ORDER_SERVERS));
            Runtime.getRuntime().addShutdownHook(new Thread(suite::close, "chaos-suite-shutdown"));
            instance = new ChaosSuite(suite, faults);
        }
        return instance;
    }

    private static void createDirectories(Path directory) {
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int port(SuiteService service) {
        return suite.service(service).port();
    }

    OrderClient orders() {
        return new OrderClient(port(SuiteService.ORDER), tokens);
    }

    /** Places orders for users firstUser, firstUser + 1, ... of {@code quantity.apply(i)} units; each must be accepted. */
    List<Long> placeAccepted(int count, long firstUser, long sku, IntUnaryOperator quantity, String keyPrefix) {
        List<Long> placed = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            OrderClient.Attempt attempt = orders().place(firstUser + i, sku, quantity.applyAsInt(i), keyPrefix + i,
                    Duration.ofSeconds(10));
            assertThat(attempt.status()).as("placement %d: %s", i, attempt).isEqualTo(201);
            placed.add(attempt.orderId());
        }
        return placed;
    }

    void stock(Map<Long, Integer> stock) {
        suite.seedStock(stock);
    }

    /** Quiet: every event is reconciled (or handed to a work order) and none waits any more. */
    void awaitQuiet() throws SQLException {
        try {
            await().atMost(QUIET_TIMEOUT).pollInterval(Duration.ofMillis(500)).until(() -> {
                try (ServerConnections orders = suite.connect(ServiceDatabase.ORDER)) {
                    for (Connection server : orders.all()) {
                        if (!Quiescence.quiet(server)) {
                            return false;
                        }
                    }
                    return true;
                }
            });
        } catch (ConditionTimeoutException e) {
            try (ServerConnections orders = suite.connect(ServiceDatabase.ORDER)) {
                List<String> unfinished = new ArrayList<>();
                for (Connection server : orders.all()) {
                    unfinished.addAll(Quiescence.unfinished(server, 20));
                }
                throw new AssertionError("not quiet after " + QUIET_TIMEOUT + "; still unfinished:\n"
                        + String.join("\n", unfinished), e);
            }
        }
    }

    /** The gate's own invariants for these SKUs, against the stock inventory holds now. */
    List<Violation> gateViolations(List<Long> skus) throws SQLException {
        Map<Long, Integer> stock = new HashMap<>();
        for (long sku : skus) {
            stock.put(sku, (int) count(ServiceDatabase.INVENTORY, "SELECT stock FROM inventory WHERE sku_id = ?", sku));
        }
        List<Violation> violations = new ArrayList<>();
        try (GateConnection connection = GateConnection.open(suite.redis())) {
            GateInvariants.check(connection.gate(), stock, violations);
        }
        return violations;
    }

    List<Violation> violations(Map<Long, Integer> initialStock) throws SQLException {
        try (ServerConnections orders = suite.connect(ServiceDatabase.ORDER);
             ServerConnections inventory = suite.connect(ServiceDatabase.INVENTORY);
             ServerConnections notices = suite.connect(ServiceDatabase.NOTICE)) {
            return new InvariantChecker(orders.all(), inventory.one(), notices.one()).check(initialStock);
        }
    }

    /** A count over every server of the database (order_db's add up: an order's rows are on one server). */
    long count(ServiceDatabase database, String query, Object... parameters) throws SQLException {
        long total = 0;
        for (String value : strings(database, query, parameters)) {
            total += Long.parseLong(value);
        }
        return total;
    }

    /** {@code user/sku/quantity} of every order of the users in the range, by order id. */
    Map<Long, String> orderFacts(long fromUser, long toUser) throws SQLException {
        Map<Long, String> facts = new HashMap<>();
        for (String row : strings(ServiceDatabase.ORDER, "SELECT CONCAT(order_id, ' ', user_id, '/', sku_id, '/', quantity)"
                + " FROM t_order WHERE user_id BETWEEN ? AND ?", fromUser, toUser)) {
            String[] idAndFacts = row.split(" ", 2);
            facts.put(Long.parseLong(idAndFacts[0]), idAndFacts[1]);
        }
        return facts;
    }

    /** The first column of every row, of every server of the database in shard order (order_db's are several). */
    List<String> strings(ServiceDatabase database, String query, Object... parameters) throws SQLException {
        List<String> values = new ArrayList<>();
        try (ServerConnections connections = suite.connect(database)) {
            for (Connection connection : connections.all()) {
                try (PreparedStatement sql = connection.prepareStatement(query)) {
                    for (int i = 0; i < parameters.length; i++) {
                        sql.setObject(i + 1, parameters[i]);
                    }
                    try (ResultSet rows = sql.executeQuery()) {
                        while (rows.next()) {
                            values.add(rows.getString(1));
                        }
                    }
                }
            }
        }
        return values;
    }

    /**
     * A meter's value in the service's running process, 0 while the meter does not exist yet.
     * Counters start again at 0 when the process restarts.
     *
     * @param tags {@code key:value} each
     */
    double meter(SuiteService service, String name, String... tags) {
        StringBuilder path = new StringBuilder("/actuator/metrics/").append(name);
        for (int i = 0; i < tags.length; i++) {
            path.append(i == 0 ? '?' : '&').append("tag=").append(tags[i]);
        }
        HttpCall.Response response = HttpCall.get(suite.service(service).managementPort(), path.toString()).send();
        if (response.status() == 404) {
            return 0;
        }
        assertThat(response.status()).as("%s %s: %s", service, path, response.body()).isEqualTo(200);
        return response.json().get("measurements").get(0).get("value").asDouble();
    }
}
