package dev.eventual.launcher;

import dev.eventual.infra.Directories;
import dev.eventual.infra.test.HttpCall;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code EVENTUAL_PORT_OFFSET=N ./run-local.sh}: every port of the suite moved up by N, the banner saying
 * so, and {@code --token} with the same variable signing in at the moved auth-server (docs/running-locally.md).
 */
class PortOffsetIT {

    private static final Path MODULE = Path.of("").toAbsolutePath();
    private static final Path CHECKOUT = MODULE.getParent().getParent();
    private static final Path DATA = MODULE.resolve("target/port-offset-it");
    private static final Path LOG = MODULE.resolve("target/port-offset-it.log");
    private static final int OFFSET = 25_000;

    private Process suite;

    @AfterEach
    void stop() throws Exception {
        if (suite != null && suite.isAlive()) {
            new ProcessBuilder("kill", "-TERM", "--", "-" + suite.pid()).inheritIO().start().waitFor();
            if (!suite.waitFor(2, TimeUnit.MINUTES)) {
                new ProcessBuilder("kill", "-KILL", "--", "-" + suite.pid()).inheritIO().start().waitFor();
            }
        }
    }

    @Test
    void everyPortMovesAndTheTokenFollows() throws Exception {
        LaunchSettings moved = LaunchSettings.defaults(DATA, "127.0.0.1", null, List.of(), 1, OFFSET);
        List<Integer> ports = List.of(moved.databasePort(), moved.redisPort(), moved.nameServerPort(), moved.orderPort(),
                moved.inventoryPort(), moved.noticePort(), moved.reconcilePort(), moved.authPort(), moved.orderPort() + 1000);
        for (int port : ports) {
            try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                probe.setReuseAddress(true);
            }
        }
        Directories.deleteRecursively(DATA);
        suite = script("setsid", "./run-local.sh").redirectOutput(LOG.toFile()).start();
        suite.getOutputStream().close();
        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofSeconds(1))
                .failFast("./run-local.sh exited", () -> !suite.isAlive())
                .until(() -> Files.exists(LOG) && Files.readString(LOG).contains("Eventual is running"));

        assertThat(Files.readString(LOG)).contains("order-service      http://127.0.0.1:" + moved.orderPort(),
                "inventory-service  http://127.0.0.1:" + moved.inventoryPort(), "-P " + moved.databasePort());
        for (int port : ports) {
            try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                throw new AssertionError("nothing listens on " + port);
            } catch (IOException expected) {
                // the suite holds it
            }
        }
        Process login = script("./run-local.sh", "--token=alice").redirectErrorStream(false).start();
        login.getOutputStream().close();
        String token = new String(login.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(login.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(login.exitValue()).isZero();
        // a token of the moved auth-server: order-service takes it (an order that does not exist, not a 401)
        assertThat(HttpCall.get(moved.orderPort(), "/api/orders/1").bearer(token).send().status()).isNotEqualTo(401);
        assertThat(HttpCall.get(moved.orderPort(), "/api/orders/1").send().status()).isEqualTo(401);
    }

    private static ProcessBuilder script(String... command) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(CHECKOUT.toFile()).redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("EVENTUAL_"));
        builder.environment().put("EVENTUAL_DATA_DIR", DATA.toString());
        builder.environment().put(LaunchSettings.PORT_OFFSET_ENV, Integer.toString(OFFSET));
        return builder;
    }
}
