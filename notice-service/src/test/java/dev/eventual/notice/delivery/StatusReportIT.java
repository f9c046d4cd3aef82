package dev.eventual.notice.delivery;

import com.sun.net.httpserver.HttpServer;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.notice.support.Events;
import dev.eventual.notice.support.InternalApi;
import dev.eventual.notice.support.NoticeServiceIT;
import dev.eventual.notice.support.TestRecipients;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.cloud.client.discovery.simple.InstanceProperties;
import org.springframework.cloud.client.discovery.simple.SimpleDiscoveryProperties;
import org.springframework.cloud.client.discovery.simple.reactive.SimpleReactiveDiscoveryProperties;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The report reaches order-service's internal API over Feign and LoadBalancer: right path, service
 * token, body. order-service is played by a plain HTTP server that the static instance list points
 * at for the duration of the test (every other IT keeps the closed port).
 */
@NoticeServiceIT
class StatusReportIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Autowired
    ObjectProvider<SimpleDiscoveryProperties> blockingDiscovery;

    @Autowired
    ObjectProvider<SimpleReactiveDiscoveryProperties> reactiveDiscovery;

    @Autowired
    TestRecipients recipients;

    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final List<InstanceProperties> swapped = new ArrayList<>();
    private final List<URI> original = new ArrayList<>();
    private HttpServer orderService;

    record Received(String method, String path, String token, JsonNode body) {
    }

    @BeforeEach
    void pointOrderServiceAtAFake() throws IOException {
        orderService = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        orderService.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst("Authorization"),
                    JSON.readTree(new String(body, StandardCharsets.UTF_8))));
            byte[] answer = "{\"recorded\":1,\"unchanged\":0,\"unknownOrderIds\":[]}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        orderService.start();
        URI fake = URI.create("http://127.0.0.1:" + orderService.getAddress().getPort());
        blockingDiscovery.ifAvailable(properties -> swap(properties.getInstances().get("order-service"), fake));
        reactiveDiscovery.ifAvailable(properties -> swap(properties.getInstances("order-service"), fake));
        assertThat(swapped).isNotEmpty();
    }

    @AfterEach
    void restoreOrderService() {
        for (int i = 0; i < swapped.size(); i++) {
            swapped.get(i).setUri(original.get(i));
        }
        orderService.stop(0);
    }

    @Test
    void successAndRefusalAreReportedWithTheServicesOwnClientTokenGotOnce() {
        OrderCreatedEvent sent = Events.created(Events.newId(), Events.newId(), 9, 1);
        long brokenUser = Events.newId();
        recipients.breakAddressOf(brokenUser);
        OrderCreatedEvent refused = Events.created(Events.newId(), brokenUser, 9, 1);

        assertThat(InternalApi.redriveOne(port, InternalApi.RETRIES_CREATED, Events.json(sent)).get("status").asString())
                .isEqualTo("SUCCESS");
        assertThat(InternalApi.redriveOne(port, InternalApi.RETRIES_CREATED, Events.json(refused)).get("status").asString())
                .isEqualTo("FAIL");

        Report success = awaitReport(sent.orderId());
        assertThat(success.call().method()).isEqualTo("POST");
        // notice-service's own client, with the one scope that reports for its group
        JsonNode claims = claims(success.call().token());
        assertThat(claims.get("sub").asString()).isEqualTo("notice-service");
        assertThat(claims.get("scope").valueStream().map(JsonNode::asString).toList()).containsExactly("orders.report.notice");
        assertThat(success.call().body().get("consumerGroup").asString()).isEqualTo(OrderMessaging.NOTICE_CONSUMER_GROUP);
        assertThat(success.entry().get("eventType").asString()).isEqualTo("ORDER_CREATED");
        assertThat(success.entry().get("status").asString()).isEqualTo("SUCCESS");

        Report failure = awaitReport(refused.orderId());
        // the token is kept, not asked for per report: both calls carry the same one
        assertThat(failure.call().token()).isEqualTo(success.call().token());
        assertThat(failure.entry().get("status").asString()).isEqualTo("FAIL");
        assertThat(failure.entry().get("detail").asString()).contains("invalid recipient address");
    }

    /** One order's report inside a coalesced call. */
    record Report(Received call, JsonNode entry) {
    }

    private Report awaitReport(long orderId) {
        await().atMost(Duration.ofSeconds(30)).until(() -> findReport(orderId) != null);
        return findReport(orderId);
    }

    private Report findReport(long orderId) {
        for (Received call : received) {
            if (call.path().equals("/internal/orders/consumer-reports")) {
                for (JsonNode entry : call.body().get("reports")) {
                    if (entry.get("orderId").asString().equals(Long.toString(orderId))) {
                        return new Report(call, entry);
                    }
                }
            }
        }
        return null;
    }

    private void swap(List<InstanceProperties> instances, URI fake) {
        assertThat(instances).hasSize(1);
        InstanceProperties instance = instances.get(0);
        swapped.add(instance);
        original.add(instance.getUri());
        instance.setUri(fake);
    }

    /** The claims of a {@code Bearer <JWT>} header's token (already checked by Spring Security where it counts). */
    private static JsonNode claims(String authorization) {
        assertThat(authorization).startsWith("Bearer ");
        String payload = authorization.substring("Bearer ".length()).split("\\.")[1];
        return JSON.readTree(new String(java.util.Base64.getUrlDecoder().decode(payload), StandardCharsets.UTF_8));
    }
}
