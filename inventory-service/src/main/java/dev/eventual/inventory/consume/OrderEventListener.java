package dev.eventual.inventory.consume;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.consumer.ConsumerProperties;
import dev.eventual.consumer.receive.OrderEventBatchListener;
import dev.eventual.inventory.config.InventoryProperties;
import dev.eventual.inventory.deduct.OrderEventHandler;
import org.apache.rocketmq.spring.annotation.RocketMQMessageListener;
import org.springframework.stereotype.Component;

/**
 * inventory-service's consumer group on the order topic, in batches (consumer-support). Business
 * outcomes (FAIL included) are recorded and acknowledged; only a technical failure sends an event
 * back to the broker (up to {@code eventual.inventory.max-reconsume-times}, then the dead-letter queue).
 */
@Component
@RocketMQMessageListener(topic = OrderMessaging.ORDER_TOPIC, consumerGroup = OrderMessaging.INVENTORY_CONSUMER_GROUP,
        selectorExpression = OrderMessaging.ALL_ORDER_EVENT_TAGS)
public class OrderEventListener extends OrderEventBatchListener {

    public OrderEventListener(OrderEventHandler handler, ConsumerProperties consumer, InventoryProperties properties) {
        super(handler, consumer, properties.maxReconsumeTimes());
    }
}
