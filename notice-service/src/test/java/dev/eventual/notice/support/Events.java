package dev.eventual.notice.support;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestProducer;
import org.apache.rocketmq.client.producer.SendResult;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ThreadLocalRandom;

/** Order events as order-service publishes them (topic, tag, key = order id, fastjson body), and as JSON for the API. */
public final class Events {

    private static TestProducer producer;

    private Events() {
    }

    /** A fresh 64-bit id, so tests never see each other's notices. */
    public static long newId() {
        return ThreadLocalRandom.current().nextLong(1_000_000_000L, Long.MAX_VALUE / 2);
    }

    public static OrderCreatedEvent created(long orderId, long userId, long skuId, int quantity) {
        return new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, orderId, userId, skuId, quantity,
                Instant.now().truncatedTo(ChronoUnit.MILLIS));
    }

    /** An order created at a time of the test's choosing: one the retention has passed, say. */
    public static OrderCreatedEvent created(long orderId, long userId, long skuId, int quantity, Instant createdAt) {
        return new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, orderId, userId, skuId, quantity, createdAt);
    }

    /** A cancel at a time of the test's choosing, of an order created at another. */
    public static OrderCanceledEvent canceled(long orderId, long userId, long skuId, int quantity, String reason,
                                              Instant canceledAt, Instant orderCreatedAt) {
        return new OrderCanceledEvent(OrderEvents.SCHEMA_VERSION, orderId, userId, skuId, quantity, reason, canceledAt,
                orderCreatedAt);
    }

    public static OrderCanceledEvent canceled(long orderId, long userId, long skuId, int quantity, String reason) {
        return new OrderCanceledEvent(OrderEvents.SCHEMA_VERSION, orderId, userId, skuId, quantity, reason,
                Instant.now().truncatedTo(ChronoUnit.MILLIS), Instant.now().truncatedTo(ChronoUnit.MILLIS));
    }

    public static SendResult publish(OrderCreatedEvent event) {
        return publish(OrderEventType.ORDER_CREATED.tag(), Long.toString(event.orderId()), OrderEvents.toBytes(event));
    }

    public static SendResult publish(OrderCanceledEvent event) {
        return publish(OrderEventType.ORDER_CANCELED.tag(), Long.toString(event.orderId()), OrderEvents.toBytes(event));
    }

    /** Any body under any tag and key: for duplicates and poison messages. */
    public static synchronized SendResult publish(String tag, String key, byte[] body) {
        if (producer == null) {
            producer = TestProducer.start(TestInfrastructure.shared().rocketMq().nameServerAddress(), "notice-it-producer");
        }
        return producer.send(OrderMessaging.ORDER_TOPIC, tag, key, body);
    }

    /** The retry API's body: Jackson's shape of the record (ids as JSON numbers). */
    public static String json(OrderCreatedEvent event) {
        return "{\"schemaVersion\":" + event.schemaVersion() + ",\"orderId\":" + event.orderId() + ",\"userId\":"
                + event.userId() + ",\"skuId\":" + event.skuId() + ",\"quantity\":" + event.quantity()
                + ",\"createdAt\":\"" + event.createdAt() + "\"}";
    }

    public static String json(OrderCanceledEvent event) {
        return "{\"schemaVersion\":" + event.schemaVersion() + ",\"orderId\":" + event.orderId() + ",\"userId\":"
                + event.userId() + ",\"skuId\":" + event.skuId() + ",\"quantity\":" + event.quantity()
                + ",\"reason\":\"" + event.reason() + "\",\"canceledAt\":\"" + event.canceledAt() + "\""
                + (event.orderCreatedAt() == null ? "" : ",\"orderCreatedAt\":\"" + event.orderCreatedAt() + "\"") + "}";
    }
}
