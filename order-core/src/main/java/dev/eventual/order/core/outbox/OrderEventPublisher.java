package dev.eventual.order.core.outbox;

import dev.eventual.order.core.outbox.OrderOutbox.Publication;
import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedException;
import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedReason;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.tracing.OrderTraces;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.spring.core.RocketMQTemplate;
import org.apache.rocketmq.spring.support.RocketMQHeaders;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessagingException;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.stereotype.Component;

/**
 * Publishes an order event as a half message on the TRANSACTION topic (tag = event type,
 * key = order id) and has {@link OrderTransactionListener} run its local transaction in between: the broker delivers the event to every
 * consumer group only if that transaction committed. The request's trace context travels as the
 * message's {@code traceparent} user property (docs/tracing.md).
 */
@Component
class OrderEventPublisher implements OrderOutbox.EventSender {

    private final RocketMQTemplate template;
    private final OrderTraces traces;

    OrderEventPublisher(RocketMQTemplate template, OrderTraces traces) {
        this.template = template;
        this.traces = traces;
    }

    @Override
    public Publication publish(OrderEventType eventType, long orderId, Object event, Runnable work) {
        Message<byte[]> message = MessageBuilder.withPayload(OrderEvents.toBytes(event))
                .setHeader(RocketMQHeaders.KEYS, Long.toString(orderId))
                .setHeader(OrderEventHeaders.ORDER_ID, Long.toString(orderId))
                .setHeader(OrderEventHeaders.EVENT_TYPE, eventType.name())
                .setHeader(OrderTraces.TRACEPARENT, traces.current()) // null (no trace): no header
                .build();
        PublishAttempt attempt = new PublishAttempt(eventType, orderId, event, work);
        Throwable notStored;
        try {
            TransactionSendResult result = template.sendMessageInTransaction(
                    OrderMessaging.ORDER_TOPIC + ":" + eventType.tag(), message, attempt);
            notStored = attempt.ran() ? null : new IllegalStateException("half message send status " + result.getSendStatus());
        } catch (MessagingException e) {
            notStored = attempt.ran() ? null : e;
        }
        if (notStored != null) {
            throw new NotPublishedException(orderId, NotPublishedReason.BROKER_UNAVAILABLE, notStored);
        }
        return attempt.publication();
    }
}
