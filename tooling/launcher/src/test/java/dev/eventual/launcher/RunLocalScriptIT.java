package dev.eventual.launcher;

import dev.eventual.infra.Directories;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.launcher.identity.SuiteIdentity;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * {@code ./run-local.sh} as a user runs it from a script: the script itself, its jar, its ports and its
 * log, started as a background job is (SIGINT ignored) and stopped as Ctrl-C stops it (SIGINT to the
 * whole process group). Issue 25's findings on the local suite, each asserted on what the suite prints:
 * the client's trace id in every service's lines about the order, no ERROR at start, {@code --check}
 * (with {@code --redis}, its password from the data directory) neither rebuilding nor replacing the running jar, no anonymous database account, and a stop that
 * stops every process, services before the servers they use. Issue 26's sign-in as a user does it:
 * the banner lists the demo users with their passwords, {@code ./run-local.sh --token=alice} prints
 * alice's token alone on standard output, and with it she places and reads her order.
 */
class RunLocalScriptIT {

    private static final Path MODULE = Path.of("").toAbsolutePath();
    private static final Path CHECKOUT = MODULE.getParent().getParent();
    private static final Path DATA = MODULE.resolve("target/run-local-it");
    private static final Path LOG = MODULE.resolve("target/run-local-it.log");
    /** What ./run-local.sh listens on: its services, the auth-server, MariaDB, Redis and the NameServer. */
    private static final List<Integer> PORTS = List.of(8081, 8082, 8083, 8084, SuiteIdentity.PORT, LaunchSettings.DATABASE_PORT,
            LaunchSettings.REDIS_PORT, 19876);

    private Process suite;

    @BeforeEach
    void portsAreFree() throws IOException {
        for (int port : PORTS) {
            try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                probe.setReuseAddress(true);
            } catch (IOException e) {
                throw new IllegalStateException("port " + port + " is taken: this test runs ./run-local.sh on its own"
                        + " ports; stop the local suite (or whatever holds it) first", e);
            }
        }
        Directories.deleteRecursively(DATA);
        Files.deleteIfExists(LOG);
    }

    @AfterEach
    void leaveNothingRunning() throws Exception {
        if (suite != null && suite.isAlive()) {
            signalGroup("KILL");
            suite.waitFor(30, TimeUnit.SECONDS);
        }
        for (Path pidFile : List.of(DATA.resolve("mariadb/mariadbd.pid"), DATA.resolve("redis/redis.pid"))) {
            serverPid(pidFile).flatMap(ProcessHandle::of).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void theSuiteAUserStartsTracesLogsCleanlyAndStopsInOrder() throws Exception {
        Path builtJar = launcherJar();
        FileTime builtAt = Files.getLastModifiedTime(builtJar);
        // a background job of a script: SIGINT ignored, in a process group of its own as a job is
        suite = script("setsid", "bash", "-c", "trap '' INT; exec ./run-local.sh").redirectOutput(LOG.toFile()).start();
        suite.getOutputStream().close();
        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofSeconds(1))
                .failFast("./run-local.sh exited:\n" + tail(), () -> !suite.isAlive())
                .until(() -> log().contains("Eventual is running"));
        assertThat(Files.getLastModifiedTime(builtJar)).as("a start with nothing changed builds nothing").isEqualTo(builtAt);
        assertTheBannerListsTheUsers();

        // TOKEN=$(./run-local.sh --token=alice), as the banner says
        String token = signIn("alice");
        String traceId = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
        HttpCall.Response placed = HttpCall.post(8081, "/api/orders").bearer(token)
                .header("traceparent", "00-" + traceId + "-00f067aa0ba902b7-01")
                .header("Idempotency-Key", "run-local-it-" + traceId)
                .json("{\"skuId\":1001,\"quantity\":2}").send();
        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
        assertThat(placed.json().get("userId").asString()).as("alice is customer 1").isEqualTo("1");
        String orderId = placed.json().get("orderId").asString();
        String correlation = "[" + traceId + "," + orderId + "]";
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(linesWith(correlation))
                .anyMatch(line -> line.contains("[order-service]") && line.contains("placed"))
                .anyMatch(line -> line.contains("[inventory-service]") && line.contains("applied"))
                .anyMatch(line -> line.contains("[notice-service]") && line.contains("sent"))
                .anyMatch(line -> line.contains("[order-service]") && line.contains("eventual-inventory-consumer reported"))
                .anyMatch(line -> line.contains("[order-service]") && line.contains("eventual-notice-consumer reported")));
        assertThat(linesWith("Order " + orderId)).as("every line about the order carries its trace")
                .allMatch(line -> line.contains(correlation));
        await().atMost(Duration.ofSeconds(60)).until(() -> "SUCCESS".equals(
                HttpCall.get(8081, "/api/orders/" + orderId).bearer(token).send().json().get("reconcileStatus").asString()));
        assertThat(HttpCall.get(8081, "/api/orders/" + orderId).send().status()).as("no token, no order").isEqualTo(401);
        assertThat(signIn("nobody-of-ours")).isNull();
        // PAY=$(./run-local.sh --token=payment-provider), as the banner says: the payment provider's own client pays
        String pay = signIn("payment-provider");
        HttpCall.Response paid = HttpCall.post(8081, "/api/orders/" + orderId + "/pay").bearer(pay)
                .json("{\"paymentId\":\"run-local-it-" + traceId + "\"}").send();
        assertThat(paid.status()).as(paid.body()).isEqualTo(200);
        assertThat(paid.json().get("status").asString()).isEqualTo("PAID");
        assertThat(HttpCall.get(8081, "/api/orders/" + orderId).bearer(pay).send().status()).as("the payment provider reads no order")
                .isEqualTo(403);
        assertNoClientSecretIsPrinted();

        // the check of the running suite neither rebuilds nor replaces the jar the suite runs, and finds the
        // Redis password where it finds the database's, in the data directory (no NOAUTH)
        Process check = script("./run-local.sh", "--check", "--redis", "127.0.0.1:" + LaunchSettings.REDIS_PORT).start();
        check.getOutputStream().close();
        String report = new String(check.getInputStream().readAllBytes());
        assertThat(check.waitFor(3, TimeUnit.MINUTES)).isTrue();
        assertThat(check.exitValue()).as(report).isZero();
        assertThat(report).contains("stock gate checked for");
        assertThat(Files.getLastModifiedTime(builtJar)).as("--check builds nothing when nothing changed").isEqualTo(builtAt);

        assertNoAnonymousAccount();

        long mariadbd = serverPid(DATA.resolve("mariadb/mariadbd.pid")).orElseThrow();
        long redis = serverPid(DATA.resolve("redis/redis.pid")).orElseThrow();
        int linesBeforeStop = log().split("\n").length;
        signalGroup("INT");
        assertThat(suite.waitFor(3, TimeUnit.MINUTES)).as("SIGINT stops the suite started from a script").isTrue();
        assertThat(suite.exitValue()).isEqualTo(130);
        assertThat(ProcessHandle.of(mariadbd).filter(ProcessHandle::isAlive)).as("MariaDB stopped").isEmpty();
        assertThat(ProcessHandle.of(redis).filter(ProcessHandle::isAlive)).as("Redis stopped").isEmpty();

        String log = log();
        assertThat(log).contains("Worker id 0 released");
        assertThat(log.lines()).as("no ERROR from start to stop (Flyway of reconcile-job among them)")
                .noneMatch(line -> line.contains(" ERROR "));
        List<String> stopping = log.lines().skip(linesBeforeStop).toList();
        assertThat(stopping).as("the services stop before the servers they use").noneMatch(line -> line.contains(" WARN "));
    }

    /** The clients' secrets are kept for the owner only and appear nowhere in what the suite prints. */
    private static void assertNoClientSecretIsPrinted() throws IOException {
        Path kept = DATA.resolve("auth/clients.properties");
        Properties secrets = new Properties();
        try (Reader reader = Files.newBufferedReader(kept)) {
            secrets.load(reader);
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(kept))).isEqualTo("rw-------");
        assertThat(secrets.stringPropertyNames()).containsExactlyInAnyOrder("inventory-service", "notice-service",
                "reconcile-job", "payment-provider");
        String log = log();
        secrets.stringPropertyNames().forEach(client -> assertThat(log).as("%s's secret in the output", client)
                .doesNotContain(secrets.getProperty(client)));
        assertThat(log).doesNotContain("service token");
    }

    /**
     * The four demo people with their roles and the passwords this data directory keeps, and the
     * synthetic customers; only the owner may read the file that keeps them.
     */
    private static void assertTheBannerListsTheUsers() throws IOException {
        Path kept = DATA.resolve("auth/users.properties");
        Properties passwords = new Properties();
        try (Reader reader = Files.newBufferedReader(kept)) {
            passwords.load(reader);
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(kept))).isEqualTo("rw-------");
        List<String> banner = log().lines().toList();
        for (String[] person : new String[][]{{"alice", "customer 1"}, {"bob", "customer 2"}, {"olga", "operator"},
                {"adam", "admin"}}) {
            String password = passwords.getProperty(person[0]);
            assertThat(password).as(person[0]).isNotBlank();
            assertThat(banner).as("the banner's line for " + person[0])
                    .anyMatch(line -> line.matches("\\s+" + person[0] + "\\s+" + person[1] + "\\s+" + Pattern.quote(password)));
        }
        assertThat(banner).anyMatch(line -> line.strip().startsWith("customer-<id>")
                && line.contains(passwords.getProperty("customer-<id>")));
        assertThat(banner).anyMatch(line -> line.contains("TOKEN=$(./run-local.sh --token=alice)"));
    }

    /**
     * {@code ./run-local.sh --token=<who>} as a user runs it, in a child process of its own: the token
     * alone on standard output (what {@code $(...)} captures), exit code 0; or null, with the reason on
     * standard error and exit code 1, for someone the suite does not know.
     */
    private static String signIn(String who) throws Exception {
        Path errors = MODULE.resolve("target/run-local-it-token.err");
        Process login = script("./run-local.sh", "--token=" + who).redirectErrorStream(false)
                .redirectError(errors.toFile()).start();
        login.getOutputStream().close();
        String out = new String(login.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(login.waitFor(2, TimeUnit.MINUTES)).as("--token=" + who + " finishes").isTrue();
        String err = Files.readString(errors);
        if (login.exitValue() != 0) {
            assertThat(login.exitValue()).as(err).isEqualTo(1);
            assertThat(out).as("nothing on standard output when no token is printed").isEmpty();
            assertThat(err).contains("no token for " + who);
            return null;
        }
        // one line, a JWT (header.payload.signature), nothing else a script would capture with it
        assertThat(out).as(err).matches("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\n");
        return out.strip();
    }

    private void assertNoAnonymousAccount() throws Exception {
        String url = "jdbc:mysql://127.0.0.1:" + LaunchSettings.DATABASE_PORT + "/?sslMode=DISABLED";
        assertThatThrownBy(() -> DriverManager.getConnection(url, "", "").close()).isInstanceOf(SQLException.class);
        String password = Files.readString(DATA.resolve("mariadb/root-password")).strip();
        try (Connection connection = DriverManager.getConnection(url, "root", password);
             Statement sql = connection.createStatement();
             ResultSet anonymous = sql.executeQuery("SELECT COUNT(*) FROM mysql.global_priv WHERE User = ''")) {
            anonymous.next();
            assertThat(anonymous.getLong(1)).as("anonymous accounts").isZero();
        }
    }

    /** A command in the checkout, on this test's data directory, with none of the user's suite settings. */
    private static ProcessBuilder script(String... command) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(CHECKOUT.toFile()).redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("EVENTUAL_"));
        builder.environment().put("EVENTUAL_DATA_DIR", DATA.toString());
        return builder;
    }

    private List<String> linesWith(String text) throws IOException {
        return log().lines().filter(line -> line.contains(text)).toList();
    }

    private static String log() throws IOException {
        return Files.exists(LOG) ? Files.readString(LOG) : "";
    }

    private static String tail() {
        try {
            List<String> lines = log().lines().toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return e.toString();
        }
    }

    private void signalGroup(String signal) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + signal, "--", "-" + suite.pid()).inheritIO().start().waitFor();
    }

    private static Optional<Long> serverPid(Path pidFile) {
        try {
            return Optional.of(Long.parseLong(Files.readString(pidFile).strip()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Path launcherJar() throws IOException {
        try (var jars = Files.newDirectoryStream(MODULE.resolve("target"), "eventual-launcher-*-exec.jar")) {
            return jars.iterator().next();
        }
    }
}
