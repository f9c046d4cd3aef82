package dev.eventual.infra.test;

import com.sun.net.httpserver.HttpServer;
import org.springframework.cloud.client.discovery.simple.InstanceProperties;
import org.springframework.cloud.client.discovery.simple.SimpleDiscoveryProperties;
import org.springframework.cloud.client.discovery.simple.reactive.SimpleReactiveDiscoveryProperties;
import org.springframework.context.ApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

import static org.awaitility.Awaitility.await;

/**
 * order-service played by a plain HTTP server that a consumer's static instance list points at while it runs (every other
 * IT keeps the closed port), keeping every call: the status reports arrive over Feign and LoadBalancer as they would.
 */
public final class FakeOrderService implements AutoCloseable {

    public static final String REPORTS = "/internal/orders/consumer-reports";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** One call as it arrived, and the status it was answered with. */
    public record Received(String method, String path, String token, JsonNode body, int answered) {
    }

    /** One order's report inside a coalesced call. */
    public record Report(Received call, JsonNode entry) {
    }

    private final List<Received> received = new CopyOnWriteArrayList<>();
    private volatile boolean down;
    private final List<InstanceProperties> swapped = new ArrayList<>();
    private final List<URI> original = new ArrayList<>();
    private final HttpServer server;

    private FakeOrderService(ApplicationContext context) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            boolean unavailable = down;
            received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst("Authorization"),
                    JSON.readTree(new String(body, StandardCharsets.UTF_8)), unavailable ? 503 : 200));
            if (unavailable) {
                exchange.sendResponseHeaders(503, -1);
                exchange.close();
                return;
            }
            byte[] answer = "{\"recorded\":1,\"unchanged\":0,\"unknownOrderIds\":[]}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
        URI fake = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
        context.getBeanProvider(SimpleDiscoveryProperties.class)
                .ifAvailable(properties -> swap(properties.getInstances().get("order-service"), fake));
        context.getBeanProvider(SimpleReactiveDiscoveryProperties.class)
                .ifAvailable(properties -> swap(properties.getInstances("order-service"), fake));
        if (swapped.isEmpty()) {
            close();
            throw new IllegalStateException("no order-service instance to point at the fake");
        }
    }

    /** Starts it and points the service's order-service instance at it; close it to point back. */
    public static FakeOrderService start(ApplicationContext context) {
        return new FakeOrderService(context);
    }

    /** While down, every call is answered 503 Service Unavailable, as a restarting order-service's gateway would. */
    public void down(boolean down) {
        this.down = down;
    }

    /** The first report of the order that matches, once it has come (30 s at most). */
    public Report awaitReport(long orderId, Predicate<JsonNode> entry) {
        await().atMost(Duration.ofSeconds(30)).until(() -> findReport(orderId, entry) != null);
        return findReport(orderId, entry);
    }

    public Report awaitReport(long orderId) {
        return awaitReport(orderId, entry -> true);
    }

    /** The first report of the order that matches and that this fake answered 200, once it has come. */
    public Report awaitTakenReport(long orderId, Predicate<JsonNode> entry, Duration within) {
        await().atMost(within).until(() -> findReport(orderId, entry, 200) != null);
        return findReport(orderId, entry, 200);
    }

    private Report findReport(long orderId, Predicate<JsonNode> matches) {
        return findReport(orderId, matches, 0);
    }

    /** @param answered the status the call was answered with, 0 for any */
    private Report findReport(long orderId, Predicate<JsonNode> matches, int answered) {
        for (Received call : received) {
            if (call.path().equals(REPORTS) && (answered == 0 || call.answered() == answered)) {
                for (JsonNode entry : call.body().get("reports")) {
                    if (entry.get("orderId").asString().equals(Long.toString(orderId)) && matches.test(entry)) {
                        return new Report(call, entry);
                    }
                }
            }
        }
        return null;
    }

    private void swap(List<InstanceProperties> instances, URI fake) {
        if (instances.size() != 1) {
            throw new IllegalStateException("expected one order-service instance, not " + instances);
        }
        InstanceProperties instance = instances.get(0);
        swapped.add(instance);
        original.add(instance.getUri());
        instance.setUri(fake);
    }

    @Override
    public void close() {
        for (int i = 0; i < swapped.size(); i++) {
            swapped.get(i).setUri(original.get(i));
        }
        server.stop(0);
    }
}
