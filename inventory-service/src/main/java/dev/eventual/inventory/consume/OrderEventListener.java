package dev.eventual.inventory.consume;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.inventory.config.InventoryMetrics;
import dev.eventual.inventory.config.InventoryProperties;
import dev.eventual.inventory.deduct.OrderEventHandler;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.spring.annotation.RocketMQMessageListener;
import org.apache.rocketmq.spring.core.RocketMQListener;
import org.apache.rocketmq.spring.core.RocketMQPushConsumerLifecycleListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * inventory-service's consumer group on the order topic. Business outcomes (FAIL included) are
 * recorded and acknowledged; only a technical failure propagates, so the broker redelivers it
 * (up to {@code eventual.inventory.max-reconsume-times}, then the dead-letter queue).
 */
@Component
@RocketMQMessageListener(topic = OrderMessaging.ORDER_TOPIC, consumerGroup = OrderMessaging.INVENTORY_CONSUMER_GROUP,
        selectorExpression = OrderMessaging.ALL_ORDER_EVENT_TAGS)
public class OrderEventListener implements RocketMQListener<MessageExt>, RocketMQPushConsumerLifecycleListener {

    private static final Logger log = LoggerFactory.getLogger(OrderEventListener.class);

    private final OrderEventHandler handler;
    private final InventoryMetrics metrics;
    private final InventoryProperties properties;

    public OrderEventListener(OrderEventHandler handler, InventoryMetrics metrics, InventoryProperties properties) {
        this.handler = handler;
        this.metrics = metrics;
        this.properties = properties;
    }

    @Override
    public void prepareStart(DefaultMQPushConsumer consumer) {
        consumer.setMaxReconsumeTimes(properties.maxReconsumeTimes());
    }

    @Override
    public void onMessage(MessageExt message) {
        if (message.getReconsumeTimes() > 0) {
            metrics.redelivered();
        }
        OrderEventType type;
        try {
            type = OrderEventType.fromTag(message.getTags());
        } catch (IllegalArgumentException e) {
            dropMalformed(message, e);
            return;
        }
        try {
            switch (type) {
                case ORDER_CREATED -> handler.onCreated(OrderEvents.fromBytes(message.getBody(), OrderCreatedEvent.class), false);
                case ORDER_CANCELED -> handler.onCanceled(OrderEvents.fromBytes(message.getBody(), OrderCanceledEvent.class));
            }
        } catch (OrderEvents.MalformedEventException e) {
            dropMalformed(message, e);
        } catch (RuntimeException e) {
            metrics.failure("technical");
            log.warn("Order {}: {} not applied, the broker will redeliver (attempt {}): {}", message.getKeys(), type,
                    message.getReconsumeTimes() + 1, e.toString());
            throw e;
        }
    }

    /** Redelivering a poison message cannot help: count it, log it, acknowledge it. */
    private void dropMalformed(MessageExt message, RuntimeException e) {
        metrics.failure("malformed");
        log.error("Order {}: dropped malformed message {} (tag {}): {}", message.getKeys(), message.getMsgId(),
                message.getTags(), e.getMessage());
    }
}
