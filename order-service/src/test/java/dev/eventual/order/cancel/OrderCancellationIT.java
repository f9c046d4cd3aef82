package dev.eventual.order.cancel;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.TestConsumer;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.order.support.ObservedEvents;
import dev.eventual.order.support.OrderServiceIT;
import dev.eventual.order.support.OrderTables;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@OrderServiceIT
class OrderCancellationIT {

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    private final TestConsumer observer = ObservedEvents.consumer();

    @Test
    void createdOrderIsCanceledAndTheCanceledEventIsPublishedWithWhatToRelease() {
        String orderId = place(4004, 5);

        HttpCall.Response response = HttpCall.post(port, "/api/orders/" + orderId + "/cancel")
                .json("{\"reason\":\"changed my mind\"}").send();

        assertThat(response.status()).isEqualTo(200);
        JsonNode order = response.json();
        assertThat(order.get("status").asString()).isEqualTo("CANCELED");
        assertThat(order.get("events").findValuesAsString("eventType")).containsExactly("ORDER_CREATED", "ORDER_CANCELED");
        assertThat(jdbc.queryForObject("SELECT msg_status FROM message_log WHERE order_id = ? AND event_type = 'ORDER_CANCELED'",
                String.class, Long.parseLong(orderId))).isEqualTo("SENT");

        await().atMost(Duration.ofSeconds(30)).until(() -> canceledEvents(orderId).size() == 1);
        OrderCanceledEvent event = OrderEvents.fromBytes(canceledEvents(orderId).get(0).getBody(), OrderCanceledEvent.class);
        assertThat(event.skuId()).isEqualTo(4004L);
        assertThat(event.quantity()).isEqualTo(5);
        assertThat(event.reason()).isEqualTo("changed my mind");
    }

    @Test
    void paidOrderCanBeCanceledButShippedOrCanceledOnesConflict() {
        String paid = place(1, 1);
        jdbc.update("UPDATE t_order SET status = 'PAID' WHERE order_id = ?", Long.parseLong(paid));
        assertThat(HttpCall.post(port, "/api/orders/" + paid + "/cancel").send().status()).isEqualTo(200);

        String shipped = place(1, 1);
        jdbc.update("UPDATE t_order SET status = 'SHIPPED' WHERE order_id = ?", Long.parseLong(shipped));
        OrderTables before = OrderTables.count(jdbc);
        HttpCall.Response refused = HttpCall.post(port, "/api/orders/" + shipped + "/cancel").send();
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().get("detail").asString()).contains("SHIPPED");
        assertThat(OrderTables.count(jdbc)).isEqualTo(before);

        HttpCall.Response again = HttpCall.post(port, "/api/orders/" + paid + "/cancel").send();
        assertThat(again.status()).isEqualTo(409);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE order_id = ? AND event_type = 'ORDER_CANCELED'",
                Long.class, Long.parseLong(paid))).isEqualTo(1);
    }

    @Test
    void unknownOrderIs404() {
        HttpCall.Response response = HttpCall.post(port, "/api/orders/424242424242/cancel").send();

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.contentType()).startsWith("application/problem+json");
    }

    private List<MessageExt> canceledEvents(String orderId) {
        return observer.receivedWithKey(orderId).stream()
                .filter(m -> OrderEventType.ORDER_CANCELED.tag().equals(m.getTags())).toList();
    }

    private String place(long skuId, int quantity) {
        HttpCall.Response response = HttpCall.post(port, "/api/orders")
                .json("{\"userId\":77,\"skuId\":" + skuId + ",\"quantity\":" + quantity + "}").send();
        assertThat(response.status()).isEqualTo(201);
        return response.json().get("orderId").asString();
    }
}
