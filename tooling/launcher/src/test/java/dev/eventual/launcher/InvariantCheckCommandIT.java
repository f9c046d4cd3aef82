package dev.eventual.launcher;

import dev.eventual.gate.StockGate;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.launcher.invariants.CheckOutcome;
import dev.eventual.launcher.invariants.GateConnection;
import dev.eventual.launcher.invariants.InvariantCheckCommand;
import dev.eventual.launcher.invariants.Quiescence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** {@code ./run-local.sh --check} against a running suite's databases. */
class InvariantCheckCommandIT {

    private static final long SKU = 95_001;
    /** Gated in the shared suite (SharedSuite). */
    static final long GATED_SKU = 95_002;
    /** Every line the report may have (docs/invariant-checker.md). */
    private static final Pattern REPORT_LINE = Pattern.compile(
            "VIOLATION .+|note: .+|\\d+ violation\\(s\\); stock conservation checked for .+|stock gate checked for .+");

    private final LocalSuite suite = SharedSuite.get();

    @Test
    void reportsNoViolationOnAConsistentStackAndNamesTheSkuWhenTheGivenStockDisagrees() {
        assertThat(HttpCall.put(suite.inventoryPort(), "/api/inventory/" + SKU).bearer(SharedSuite.token("adam"))
                .json("{\"stock\":10}").send().status()).isEqualTo(200);
        HttpCall.Response placed = HttpCall.post(suite.orderPort(), "/api/orders").header("Idempotency-Key", "check-1")
                .bearer(SharedSuite.token("customer:950001"))
                .json("{\"userId\":950001,\"skuId\":" + SKU + ",\"quantity\":3}").send();
        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
        await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(500)).until(this::quiet);

        Run consistent = check("--initial-stock=" + SKU + ":10");
        assertThat(consistent.exitCode()).as(consistent.output()).isZero();
        assertThat(consistent.output()).contains("0 violation(s); stock conservation checked for [" + SKU + "]");

        Run wrong = check("--initial-stock=" + SKU + ":11");
        assertThat(wrong.exitCode()).isEqualTo(1);
        assertThat(wrong.output()).contains("VIOLATION stock conserved [sku " + SKU + "]: initial 11 != current 7 + deducted 3");

        assertThat(check("--initial-stock=" + SKU + "-10").exitCode()).isEqualTo(2);
        assertThat(check("--db-pasword=x").exitCode()).isEqualTo(2);
    }

    @Test
    void checksTheStockGateInTheRedisItIsGivenAndNamesALeftoverReservation() {
        stockGatedSku();
        String redis = "--redis=127.0.0.1:" + suite.redis().port();
        String gated = "--gated-skus=" + GATED_SKU;
        Map<String, String> password = Map.of("EVENTUAL_CHECK_REDIS_PASSWORD", suite.redis().password());
        try (GateConnection connection = GateConnection.open(suite.redis())) {
            StockGate gate = connection.gate();

            Run consistent = check(password, redis, gated);
            assertThat(consistent.exitCode()).as(consistent.output()).isZero();
            assertThat(consistent.output()).contains("stock gate checked for [" + GATED_SKU + "]");

            // a reservation nothing will ever apply or give back (until the repair's grace has passed)
            assertThat(gate.reserve(GATED_SKU, 95_002_000_001L, 1, "buyer:95002000001").reserved()).isTrue();
            try {
                Run leftover = check(password, redis, gated);
                assertThat(leftover.exitCode()).as(leftover.output()).isEqualTo(1);
                assertThat(leftover.output()).contains("VIOLATION no reservation left once quiet [sku " + GATED_SKU + "]")
                        .doesNotContain("VIOLATION gate count + reservations = stock");
            } finally {
                gate.giveBack(GATED_SKU, 95_002_000_001L);
            }
        }
        Run wrongPassword = check(Map.of("EVENTUAL_CHECK_REDIS_PASSWORD", "not-the-password"), redis, gated);
        assertThat(wrongPassword.exitCode()).as(wrongPassword.output()).isEqualTo(3);
        assertThat(wrongPassword.output()).contains("cannot read the stock gate (Redis 127.0.0.1:" + suite.redis().port() + ")");
    }

    /**
     * The exec jar as {@code ./run-local.sh --check --redis ...} runs it, in a JVM of its own with the
     * jar's own logging: the report alone on standard output, the libraries' log lines on standard
     * error. No password is given: the database's and Redis's are found in the data directory, where
     * the local suite keeps them (this shared suite keeps none, so a data directory laid out the same
     * way holds them). The deprecated Netty property makes Netty warn as soon as Lettuce allocates its
     * first buffer, so there is a library line to find whatever else Lettuce and Netty say on this machine.
     */
    @Test
    void theJarPrintsTheReportAloneOnStandardOutputAndLogsOnStandardError(@TempDir Path output) throws Exception {
        stockGatedSku();
        await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(500)).until(this::quiet);
        Path data = output.resolve("local-data");
        Files.createDirectories(data.resolve("mariadb"));
        Files.createDirectories(data.resolve("redis"));
        Files.writeString(data.resolve("mariadb/root-password"), suite.database().password() + "\n");
        Files.writeString(data.resolve("redis/password"), suite.redis().password() + "\n");
        Path report = output.resolve("stdout");
        Path log = output.resolve("stderr");
        ProcessBuilder jar = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dio.netty.noResourceLeakDetection=false", "-jar", execJar().toString(), "--check",
                "--db-port=" + suite.databasePort(), "--redis=127.0.0.1:" + suite.redis().port(), "--gated-skus=" + GATED_SKU)
                .redirectOutput(report.toFile()).redirectError(log.toFile());
        jar.environment().keySet().removeIf(name -> name.startsWith("EVENTUAL_"));
        jar.environment().put("EVENTUAL_DATA_DIR", data.toString());

        Process check = jar.start();

        assertThat(check.waitFor(2, TimeUnit.MINUTES)).as("the check ends").isTrue();
        List<String> errors = Files.readAllLines(log);
        assertThat(check.exitValue()).as(String.join("\n", errors)).isZero();
        assertThat(Files.readAllLines(report)).allMatch(REPORT_LINE.asMatchPredicate())
                .contains("stock gate checked for [" + GATED_SKU + "]");
        assertThat(errors).anyMatch(line -> line.contains(" WARN io.netty.util.ResourceLeakDetector -- "));
    }

    /** The jar {@code package} built before the integration tests: the one the scripts run. */
    private static Path execJar() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            List<Path> jars = files.filter(file -> file.getFileName().toString().matches("eventual-launcher-.+-exec\\.jar"))
                    .toList();
            assertThat(jars).as("tooling/launcher/target/eventual-launcher-*-exec.jar").hasSize(1);
            return jars.get(0);
        }
    }

    /** The gated SKU with 5 units in stock and the same count in the gate. */
    private void stockGatedSku() {
        assertThat(HttpCall.put(suite.inventoryPort(), "/api/inventory/" + GATED_SKU).bearer(SharedSuite.token("adam"))
                .json("{\"stock\":5}").send().status()).isEqualTo(200);
        try (GateConnection connection = GateConnection.open(suite.redis())) {
            StockGate gate = connection.gate();
            await().atMost(Duration.ofSeconds(30)).until(() -> Long.valueOf(5).equals(gate.state(GATED_SKU).available()));
        }
    }

    private Run check(String... extra) {
        return check(Map.of(), extra);
    }

    /** As {@code ./run-local.sh --check} does it, with the suite's admin password from the environment. */
    private Run check(Map<String, String> moreEnv, String... extra) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream output = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Map<String, String> env = new java.util.HashMap<>(moreEnv);
        env.put("EVENTUAL_LOCAL_DB_PASSWORD", suite.database().password());
        List<String> args = new ArrayList<>(List.of("--db-port=" + suite.databasePort()));
        args.addAll(List.of(extra));
        CheckOutcome outcome = InvariantCheckCommand.run(args, LocalLauncher.localSuiteCheck(env), env, output, output);
        return new Run(outcome.exitCode(), bytes.toString(StandardCharsets.UTF_8));
    }

    private boolean quiet() throws Exception {
        try (Connection orders = DriverManager.getConnection(suite.database().jdbcUrl("order_db"),
                suite.database().username(), suite.database().password())) {
            return Quiescence.quiet(orders);
        }
    }

    private record Run(int exitCode, String output) {
    }
}
