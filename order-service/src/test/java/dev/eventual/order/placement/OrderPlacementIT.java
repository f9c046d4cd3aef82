package dev.eventual.order.placement;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.TestConsumer;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.infra.test.ObservedEvents;
import dev.eventual.order.support.OrderServiceIT;
import dev.eventual.order.support.OrderTables;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@OrderServiceIT
class OrderPlacementIT {

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    private final TestConsumer observer = ObservedEvents.consumer();
    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    @Test
    void placedOrderCommitsOrderAndMessageLogAndDeliversOneEventWithKeyAndPayload() {
        long userId = uniqueUser();

        HttpCall.Response response = HttpCall.post(port, "/api/orders").bearer(tokens.customer(userId))
                .json("{\"userId\":" + userId + ",\"skuId\":1001,\"quantity\":2}").send();

        assertThat(response.status()).isEqualTo(201);
        JsonNode order = response.json();
        String orderId = order.get("orderId").asString();
        assertThat(response.header("Location")).isEqualTo("/api/orders/" + orderId);
        assertThat(order.get("userId").asString()).isEqualTo(Long.toString(userId));
        assertThat(order.get("status").asString()).isEqualTo("CREATED");
        assertThat(order.get("messageStatus").asString()).isEqualTo("SENT");
        assertThat(order.get("reconcileStatus").asString()).isEqualTo("PENDING");
        assertThat(order.get("consumers").get("inventory").asString()).isEqualTo("PENDING");
        // the 201 answers what was written without reading it back: nothing has reported yet (no consumer runs
        // here), so the order read now is that answer, times included
        assertThat(HttpCall.get(port, "/api/orders/" + orderId).bearer(tokens.customer(userId)).send().json())
                .isEqualTo(order);

        Map<String, Object> log = jdbc.queryForMap(
                "SELECT event_type, msg_status, reconcile_status, msg_key, tag, payload FROM message_log WHERE order_id = ?",
                Long.parseLong(orderId));
        assertThat(log).containsEntry("event_type", "ORDER_CREATED").containsEntry("msg_status", "SENT")
                .containsEntry("reconcile_status", "PENDING").containsEntry("msg_key", orderId)
                .containsEntry("tag", "ORDER_CREATED");

        await().atMost(Duration.ofSeconds(30)).until(() -> !observer.receivedWithKey(orderId).isEmpty());
        MessageExt delivered = observer.receivedWithKey(orderId).get(0);
        assertThat(delivered.getTags()).isEqualTo(OrderEventType.ORDER_CREATED.tag());
        OrderCreatedEvent event = OrderEvents.fromBytes(delivered.getBody(), OrderCreatedEvent.class);
        assertThat(event).extracting(OrderCreatedEvent::orderId, OrderCreatedEvent::userId, OrderCreatedEvent::skuId,
                        OrderCreatedEvent::quantity, OrderCreatedEvent::schemaVersion)
                .containsExactly(Long.parseLong(orderId), userId, 1001L, 2, OrderEvents.SCHEMA_VERSION);
        assertThat(new String(delivered.getBody())).isEqualTo(log.get("payload"));

        // a later order's delivery has overtaken any duplicate of the first
        String second = HttpCall.post(port, "/api/orders").bearer(tokens.customer(userId)).json("{\"userId\":" + userId + ",\"skuId\":1001,\"quantity\":1}")
                .send().json().get("orderId").asString();
        await().atMost(Duration.ofSeconds(30)).until(() -> !observer.receivedWithKey(second).isEmpty());
        assertThat(observer.receivedWithKey(orderId)).hasSize(1);
    }

    @Test
    void failingLocalTransactionWritesNothingAndTheEventIsNeverDelivered() {
        long userId = uniqueUser();
        long poisonedSku = 666_000 + ThreadLocalRandom.current().nextInt(1000);
        jdbc.execute("ALTER TABLE t_order ADD CONSTRAINT ck_it_poisoned_sku CHECK (sku_id <> " + poisonedSku + ")");
        try {
            OrderTables before = OrderTables.count(jdbc);

            HttpCall.Response response = HttpCall.post(port, "/api/orders").bearer(tokens.customer(userId))
                    .json("{\"userId\":" + userId + ",\"skuId\":" + poisonedSku + ",\"quantity\":1}").send();

            assertThat(response.status()).isEqualTo(503);
            assertThat(response.contentType()).startsWith("application/problem+json");
            assertThat(OrderTables.count(jdbc)).isEqualTo(before);
        } finally {
            jdbc.execute("ALTER TABLE t_order DROP CONSTRAINT ck_it_poisoned_sku");
        }
        // the rolled-back half message is never delivered: a later order of the same user arrives alone
        String later = HttpCall.post(port, "/api/orders").bearer(tokens.customer(userId)).json("{\"userId\":" + userId + ",\"skuId\":1,\"quantity\":1}")
                .send().json().get("orderId").asString();
        await().atMost(Duration.ofSeconds(30)).until(() -> !observer.receivedWithKey(later).isEmpty());
        assertThat(observer.received()).noneMatch(m -> new String(m.getBody()).contains("\"skuId\":\"" + poisonedSku + "\""));
    }

    @Test
    void repeatedIdempotencyKeyReturnsTheFirstOrderAndSendsNothing() {
        long userId = uniqueUser();
        String body = "{\"userId\":" + userId + ",\"skuId\":2002,\"quantity\":3}";

        HttpCall.Response first = HttpCall.post(port, "/api/orders").bearer(tokens.customer(userId)).header("Idempotency-Key", "seq-1").json(body).send();
        HttpCall.Response second = HttpCall.post(port, "/api/orders").bearer(tokens.customer(userId)).header("Idempotency-Key", "seq-1").json(body).send();
        HttpCall.Response sameKeyInBody = HttpCall.post(port, "/api/orders").bearer(tokens.customer(userId))
                .json("{\"userId\":" + userId + ",\"skuId\":2002,\"quantity\":3,\"idempotencyKey\":\"seq-1\"}").send();

        assertThat(first.status()).isEqualTo(201);
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(sameKeyInBody.status()).isEqualTo(200);
        String orderId = first.json().get("orderId").asString();
        assertThat(second.json().get("orderId").asString()).isEqualTo(orderId);
        assertThat(sameKeyInBody.json().get("orderId").asString()).isEqualTo(orderId);
        assertThat(ordersOf(userId)).isEqualTo(1);

        HttpCall.Response reusedForOtherOrder = HttpCall.post(port, "/api/orders").bearer(tokens.customer(userId)).header("Idempotency-Key", "seq-1")
                .json("{\"userId\":" + userId + ",\"skuId\":2002,\"quantity\":4}").send();
        assertThat(reusedForOtherOrder.status()).isEqualTo(422);
        assertThat(ordersOf(userId)).isEqualTo(1);
        assertSingleEventFor(userId, orderId);
    }

    @Test
    void twentyConcurrentRequestsWithOneKeyPlaceOneOrderAndSendOneEvent() throws Exception {
        long userId = uniqueUser();
        String body = "{\"userId\":" + userId + ",\"skuId\":3003,\"quantity\":1}";
        List<Future<HttpCall.Response>> calls = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(20);
        try {
            for (int i = 0; i < 20; i++) {
                calls.add(pool.submit(() -> HttpCall.post(port, "/api/orders").bearer(tokens.customer(userId)).header("Idempotency-Key", "burst")
                        .json(body).send()));
            }
        } finally {
            pool.shutdown();
        }
        List<HttpCall.Response> responses = new ArrayList<>();
        for (Future<HttpCall.Response> call : calls) {
            responses.add(call.get());
        }

        assertThat(responses).extracting(HttpCall.Response::status).containsOnly(200, 201);
        assertThat(responses).filteredOn(r -> r.status() == 201).hasSize(1);
        Set<String> orderIds = responses.stream().map(r -> r.json().get("orderId").asString()).collect(Collectors.toSet());
        assertThat(orderIds).hasSize(1);
        assertThat(ordersOf(userId)).isEqualTo(1);
        assertSingleEventFor(userId, orderIds.iterator().next());
    }

    private void assertSingleEventFor(long userId, String orderId) {
        await().atMost(Duration.ofSeconds(30)).until(() -> !observer.receivedWithKey(orderId).isEmpty());
        String marker = HttpCall.post(port, "/api/orders").bearer(tokens.customer(userId)).json("{\"userId\":" + userId + ",\"skuId\":9,\"quantity\":1}")
                .send().json().get("orderId").asString();
        await().atMost(Duration.ofSeconds(30)).until(() -> !observer.receivedWithKey(marker).isEmpty());
        List<MessageExt> forUser = observer.received().stream()
                .filter(m -> OrderEvents.fromBytes(m.getBody(), OrderCreatedEvent.class).userId() == userId)
                .filter(m -> !m.getKeys().equals(marker)).toList();
        assertThat(forUser).extracting(MessageExt::getKeys).containsExactly(orderId);
    }

    private long ordersOf(long userId) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM t_order WHERE user_id = ?", Long.class, userId);
    }

    static long uniqueUser() {
        return ThreadLocalRandom.current().nextLong(1_000_000, Long.MAX_VALUE / 2);
    }
}
