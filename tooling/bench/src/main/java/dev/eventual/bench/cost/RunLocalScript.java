package dev.eventual.bench.cost;

import dev.eventual.bench.BenchSuite;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.launcher.LaunchSettings;
import dev.eventual.launcher.identity.DemoUsers;
import dev.eventual.launcher.identity.ServiceClients;
import dev.eventual.launcher.identity.SuiteIdentity;
import org.springframework.util.FileSystemUtils;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * {@code ./run-local.sh --gate} as a child process, as users run it (docs/running-locally.md), on a data
 * directory of its own that starts empty, its ports moved up (EVENTUAL_PORT_OFFSET) to where all of them are free:
 * the box is shared, and another suite or stack may hold the documented ones.
 * The system under test is the launcher's JVM (the script execs Java) and its mariadbd and redis-server children.
 */
final class RunLocalScript implements AutoCloseable {

    /** The port offsets tried, in order: above the documented ports, so that a user's own suite is left alone. */
    static final List<Integer> OFFSETS = List.of(20_000, 21_000, 22_000, 23_000, 24_000);
    private static final String READY = "Eventual is running";
    private static final Duration START = Duration.ofMinutes(10);
    /** SIGTERM: the launcher's clean stop takes about 20 s (docs/running-locally.md, "Stopping"). */
    private static final Duration STOP = Duration.ofMinutes(2);

    /** The script's ports, moved by EVENTUAL_PORT_OFFSET (docs/running-locally.md). */
    private final LaunchSettings ports;
    private final Process process;
    private final Path data;
    private final String rootPassword;
    private final HttpClient http = HttpClient.newHttpClient();
    private final Map<String, String> tokens = new ConcurrentHashMap<>();

    private RunLocalScript(LaunchSettings ports, Process process, Path data, String rootPassword) {
        this.ports = ports;
        this.process = process;
        this.data = data;
        this.rootPassword = rootPassword;
    }

    /** Starts the script of {@code checkout} on {@code data} (emptied first); its output goes to {@code log}. */
    static RunLocalScript start(Path checkout, Path data, Path log) {
        int offset = freeOffset();
        FileSystemUtils.deleteRecursively(data.toFile());
        String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
        ProcessBuilder builder = new ProcessBuilder(checkout.resolve("run-local.sh").toString(), "--gate")
                .directory(checkout.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        env.put("EVENTUAL_DATA_DIR", data.toString());
        env.put("EVENTUAL_LOCAL_DB_PASSWORD", password);
        env.put(LaunchSettings.PORT_OFFSET_ENV, Integer.toString(offset));
        env.remove("EVENTUAL_BIND_ADDRESS");
        env.remove("EVENTUAL_GATE_ENABLED");
        RunLocalScript suite;
        try {
            suite = new RunLocalScript(settings(offset), builder.start(), data, password);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            suite.awaitReady(log);
            return suite;
        } catch (RuntimeException e) {
            suite.close();
            throw e;
        }
    }

    /** The first offset of {@link #OFFSETS} at which every port of the script is free. */
    static int freeOffset() {
        for (int offset : OFFSETS) {
            if (takenPorts(ports(offset)).isEmpty()) {
                return offset;
            }
        }
        throw new IllegalStateException("./run-local.sh: some of its ports are taken at every offset of " + OFFSETS);
    }

    private static LaunchSettings settings(int offset) {
        return LaunchSettings.defaults(Path.of("."), "127.0.0.1", null, List.of(), 1, offset);
    }

    /** The script's ports at {@code offset}: servers, services, auth-server and their management ports (+ 1000). */
    static List<Integer> ports(int offset) {
        LaunchSettings s = settings(offset);
        List<Integer> ports = new ArrayList<>(List.of(s.databasePort(), s.redisPort(), s.nameServerPort()));
        for (int port : List.of(s.orderPort(), s.inventoryPort(), s.noticePort(), s.reconcilePort(), s.authPort())) {
            ports.add(port);
            ports.add(port + 1000);
        }
        return ports;
    }

    static List<Integer> takenPorts(List<Integer> ports) {
        return ports.stream().filter(port -> {
            try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return false;
            } catch (IOException e) {
                return true;
            }
        }).toList();
    }

    private void awaitReady(Path log) {
        long deadline = System.nanoTime() + START.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("./run-local.sh exited with " + process.exitValue() + ", see " + log);
            }
            try {
                if (Files.readString(log).contains(READY)) {
                    return;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            BenchSuite.sleep(Duration.ofSeconds(1));
        }
        throw new IllegalStateException("./run-local.sh did not start within " + START + ", see " + log);
    }

    int orderPort() {
        return ports.orderPort();
    }

    int inventoryPort() {
        return ports.inventoryPort();
    }

    /** An access token, as {@code ./run-local.sh --token=WHO} prints it, one sign-in per subject. */
    String token(String who) {
        return tokens.computeIfAbsent(who, w -> SuiteIdentity.token(SuiteIdentity.issuer(ports.authPort()),
                DemoUsers.read(data.resolve("auth")), ServiceClients.read(data.resolve("auth")), w));
    }

    /** Sets (creating) a SKU's stock through inventory's API as the admin: a gated SKU's count is seeded too. */
    void setStock(long sku, int stock) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + inventoryPort() + "/api/inventory/" + sku))
                .header("Authorization", "Bearer " + token("adam")).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"stock\":" + stock + "}")).build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("setting stock of " + sku + ": " + response.statusCode() + " " + response.body());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Waits until both consumers have reported every order (no message_log row is still SENT), at most {@code timeout}. */
    boolean awaitConsumed(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String url = "jdbc:mysql://127.0.0.1:" + ports.databasePort() + "/" + ServiceDatabase.ORDER.databaseName();
        try (Connection connection = DriverManager.getConnection(url, "root", rootPassword);
             Statement statement = connection.createStatement()) {
            while (System.nanoTime() < deadline) {
                try (ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM message_log WHERE msg_status = 'SENT'")) {
                    rows.next();
                    if (rows.getLong(1) == 0) {
                        return true;
                    }
                }
                BenchSuite.sleep(Duration.ofMillis(250));
            }
            return false;
        } catch (SQLException e) {
            throw new IllegalStateException("reading order_db", e);
        }
    }

    /** CPU of the launcher's JVM and every process below it (mariadbd, redis-server), from /proc, in ns. */
    /** The script's processes, each as a pid of now (-1 once it ended): the JVM's compilers are among them. */
    List<Supplier<Long>> processes() {
        return Stream.concat(Stream.of(process.toHandle()), process.toHandle().descendants())
                .map(handle -> (Supplier<Long>) () -> handle.isAlive() ? handle.pid() : -1L).toList();
    }

    long cpuNanos() {
        ProcessHandle jvm = process.toHandle();
        return Stream.concat(Stream.of(jvm), jvm.descendants())
                .mapToLong(p -> p.info().totalCpuDuration().map(Duration::toNanos).orElse(0L)).sum();
    }

    @Override
    public void close() {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(STOP.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                children.forEach(ProcessHandle::destroyForcibly);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
