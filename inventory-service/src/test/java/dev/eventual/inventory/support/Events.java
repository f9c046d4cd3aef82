package dev.eventual.inventory.support;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestProducer;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;

/** Plays order-service: publishes order events to the real broker, as order-service would after commit. */
public final class Events {

    private static TestProducer producer;

    private Events() {
    }

    public static OrderCreatedEvent created(long skuId, int quantity) {
        return new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, newOrderId(), 7L, skuId, quantity, Instant.now());
    }

    public static OrderCanceledEvent canceled(OrderCreatedEvent created) {
        return new OrderCanceledEvent(OrderEvents.SCHEMA_VERSION, created.orderId(), created.userId(), created.skuId(),
                created.quantity(), "test", Instant.now(), created.createdAt());
    }

    /**
     * The same order as if it had been placed {@code earlier} before: its events, sent again now, come that much
     * later in its life (docs/retention.md). A test cannot wait for its orders to age, so it ages them this way,
     * and their deduct records with {@code updated_at} set back by as much.
     */
    public static OrderCreatedEvent placedEarlier(OrderCreatedEvent created, Duration earlier) {
        return new OrderCreatedEvent(created.schemaVersion(), created.orderId(), created.userId(), created.skuId(),
                created.quantity(), created.createdAt().minus(earlier));
    }

    public static void publish(OrderCreatedEvent event) {
        producer().send(OrderMessaging.ORDER_TOPIC, OrderEventType.ORDER_CREATED.tag(), Long.toString(event.orderId()),
                OrderEvents.toBytes(event));
    }

    public static void publish(OrderCanceledEvent event) {
        producer().send(OrderMessaging.ORDER_TOPIC, OrderEventType.ORDER_CANCELED.tag(), Long.toString(event.orderId()),
                OrderEvents.toBytes(event));
    }

    public static long newSku() {
        return ThreadLocalRandom.current().nextLong(1_000_000, 9_000_000_000L);
    }

    private static long newOrderId() {
        return ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
    }

    private static synchronized TestProducer producer() {
        if (producer == null) {
            producer = TestProducer.start(TestInfrastructure.shared().rocketMq().nameServerAddress(), "inventory-it-producer");
        }
        return producer;
    }
}
