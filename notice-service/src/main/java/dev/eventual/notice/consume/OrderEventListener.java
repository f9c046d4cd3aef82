package dev.eventual.notice.consume;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.notice.compose.NoticeRequest;
import dev.eventual.notice.config.NoticeMetrics;
import dev.eventual.notice.config.NoticeProperties;
import dev.eventual.notice.delivery.DeliveryOutcome;
import dev.eventual.notice.delivery.DeliveryResult;
import dev.eventual.notice.delivery.NoticeDelivery;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.spring.annotation.RocketMQMessageListener;
import org.apache.rocketmq.spring.core.RocketMQListener;
import org.apache.rocketmq.spring.core.RocketMQPushConsumerLifecycleListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * notice-service's consumer group on the order topic: one notice per (order, event type).
 * <ul>
 *   <li>sent, already sent, or refused for good (recorded FAIL): acknowledged;</li>
 *   <li>malformed body (poison): logged, counted, acknowledged — redelivery cannot help;</li>
 *   <li>technical failure (SMTP or database unreachable), or another delivery still holding the
 *       notice: thrown, so the broker redelivers later (up to {@code eventual.notice.max-reconsume-times},
 *       then the dead-letter queue).</li>
 * </ul>
 */
@Component
@RocketMQMessageListener(topic = OrderMessaging.ORDER_TOPIC, consumerGroup = OrderMessaging.NOTICE_CONSUMER_GROUP,
        selectorExpression = OrderMessaging.ALL_ORDER_EVENT_TAGS)
public class OrderEventListener implements RocketMQListener<MessageExt>, RocketMQPushConsumerLifecycleListener {

    private static final Logger log = LoggerFactory.getLogger(OrderEventListener.class);

    private final NoticeDelivery delivery;
    private final NoticeMetrics metrics;
    private final NoticeProperties properties;

    public OrderEventListener(NoticeDelivery delivery, NoticeMetrics metrics, NoticeProperties properties) {
        this.delivery = delivery;
        this.metrics = metrics;
        this.properties = properties;
    }

    @Override
    public void prepareStart(DefaultMQPushConsumer consumer) {
        consumer.setMaxReconsumeTimes(properties.maxReconsumeTimes());
    }

    @Override
    public void onMessage(MessageExt message) {
        OrderEventType type;
        NoticeRequest request;
        try {
            type = OrderEventType.fromTag(message.getTags());
            request = decode(type, message.getBody());
        } catch (IllegalArgumentException | OrderEvents.MalformedEventException e) {
            dropMalformed(message, e);
            return;
        }
        DeliveryResult result;
        try {
            result = delivery.deliver(request);
        } catch (RuntimeException e) {
            log.warn("Order {}: {} notice not delivered, the broker will redeliver (delivery {}): {}", request.orderId(),
                    type, message.getReconsumeTimes() + 1, e.toString());
            throw e;
        }
        if (result.outcome() == DeliveryOutcome.IN_PROGRESS) {
            throw new NoticeInProgressException(request.orderId(), type);
        }
        metrics.consumed(type);
    }

    private static NoticeRequest decode(OrderEventType type, byte[] body) {
        return switch (type) {
            case ORDER_CREATED -> NoticeRequest.of(OrderEvents.fromBytes(body, OrderCreatedEvent.class));
            case ORDER_CANCELED -> NoticeRequest.of(OrderEvents.fromBytes(body, OrderCanceledEvent.class));
        };
    }

    /** Redelivering a poison message cannot help: count it, log it, acknowledge it. */
    private void dropMalformed(MessageExt message, RuntimeException e) {
        metrics.failure(NoticeMetrics.MALFORMED);
        log.error("Order {}: dropped malformed message {} (tag {}): {}", message.getKeys(), message.getMsgId(),
                message.getTags(), e.getMessage());
    }
}
