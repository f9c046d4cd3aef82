package dev.eventual.deploy;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** deploy/docker/healthcheck.sh, run here against a real HTTP server. */
class HealthcheckScriptTest {

    private static final String SCRIPT = "deploy/docker/healthcheck.sh";

    private HttpServer server;

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        respond("/actuator/health", 200, "{\"status\":\"UP\"}");
        respond("/down/actuator/health", 503, "{\"status\":\"DOWN\"}");
        server.createContext("/xxl-job-admin/", exchange -> {
            exchange.getResponseHeaders().add("Location", "/xxl-job-admin/auth/login");
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
    }

    @Test
    void healthyOnUpAndOnARedirect() {
        assertThat(check(port(), "/actuator/health").exitCode()).isZero();
        assertThat(check(port(), "/xxl-job-admin/").exitCode()).isZero();
    }

    @Test
    void unhealthyWhenDownMissingOrNotListening() throws IOException {
        assertThat(check(port(), "/down/actuator/health").exitCode()).isEqualTo(1);
        assertThat(check(port(), "/nothing-here").exitCode()).isEqualTo(1);
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        assertThat(check(closed, "/actuator/health").exitCode()).isNotZero();
    }

    private int port() {
        return server.getAddress().getPort();
    }

    private void respond(String path, int status, String body) {
        server.createContext(path, exchange -> {
            if (!exchange.getRequestURI().getPath().equals(path)) {
                exchange.sendResponseHeaders(404, -1);
                exchange.close();
                return;
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
    }

    private static Shell.Result check(int port, String path) {
        return Shell.run(Map.of(), Shell.bash(SCRIPT, Integer.toString(port), path));
    }
}
