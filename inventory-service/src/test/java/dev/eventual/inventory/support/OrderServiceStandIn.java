package dev.eventual.inventory.support;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Plays order-service's consumer-report endpoint for one test: a plain HTTP server on loopback that takes every
 * report and keeps it, which the service's static instance list points at until {@link #close}. Every other IT
 * keeps the closed port, where reports fail as when order-service is down.
 */
public final class OrderServiceStandIn implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String REPORTS = "/internal/orders/consumer-reports";

    private final HttpServer server;
    private final List<JsonNode> reports = new CopyOnWriteArrayList<>();
    private final List<InstanceProperties> swapped = new ArrayList<>();
    private final List<URI> original = new ArrayList<>();

    private OrderServiceStandIn(ApplicationContext service) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext(REPORTS, exchange -> {
            JsonNode call = JSON.readTree(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            call.get("reports").forEach(reports::add);
            byte[] answer = ("{\"recorded\":" + call.get("reports").size() + ",\"unchanged\":0,\"unknownOrderIds\":[]}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
        URI address = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
        service.getBeanProvider(SimpleDiscoveryProperties.class)
                .ifAvailable(properties -> pointAt(properties.getInstances().get("order-service"), address));
        service.getBeanProvider(SimpleReactiveDiscoveryProperties.class)
                .ifAvailable(properties -> pointAt(properties.getInstances("order-service"), address));
        assertThat(swapped).as("order-service instances pointed at the stand-in").isNotEmpty();
    }

    /** Starts it and points inventory-service's order-service at it. */
    public static OrderServiceStandIn start(ApplicationContext service) {
        try {
            return new OrderServiceStandIn(service);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The first report of one order's event ({@code ORDER_CREATED}, {@code ORDER_CANCELED}) with this status
     * ({@code SUCCESS}, {@code FAIL}), if one came.
     */
    public Optional<JsonNode> report(long orderId, String eventType, String status) {
        return reports.stream().filter(report -> report.get("orderId").asString().equals(Long.toString(orderId))
                && report.get("eventType").asString().equals(eventType)
                && report.get("status").asString().equals(status)).findFirst();
    }

    @Override
    public void close() {
        for (int i = 0; i < swapped.size(); i++) {
            swapped.get(i).setUri(original.get(i));
        }
        server.stop(0);
    }

    private void pointAt(List<InstanceProperties> instances, URI address) {
        assertThat(instances).hasSize(1);
        InstanceProperties instance = instances.get(0);
        swapped.add(instance);
        original.add(instance.getUri());
        instance.setUri(address);
    }
}
