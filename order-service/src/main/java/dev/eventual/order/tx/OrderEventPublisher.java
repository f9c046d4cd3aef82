package dev.eventual.order.tx;

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
 * key = order id) and runs its local transaction in between: the broker delivers the event to every
 * consumer group only if that transaction committed. The request's trace context travels as the
 * message's {@code traceparent} user property (docs/tracing.md).
 */
@Component
public class OrderEventPublisher implements OrderEventPublication {

    private final RocketMQTemplate template;
    private final OrderTraces traces;

    public OrderEventPublisher(RocketMQTemplate template, OrderTraces traces) {
        this.template = template;
        this.traces = traces;
    }

    /** {@link BrokerUnavailableException} here means the half message was not stored. */
    @Override
    public LocalTxOutcome publish(long orderId, OrderEventType eventType, Object event, LocalOrderTransaction work) {
        Message<byte[]> message = MessageBuilder.withPayload(OrderEvents.toBytes(event))
                .setHeader(RocketMQHeaders.KEYS, Long.toString(orderId))
                .setHeader(OrderEventHeaders.ORDER_ID, Long.toString(orderId))
                .setHeader(OrderEventHeaders.EVENT_TYPE, eventType.name())
                .setHeader(OrderTraces.TRACEPARENT, traces.current()) // null (no trace): no header
                .build();
        PublishAttempt attempt = new PublishAttempt(orderId, eventType, work);
        try {
            TransactionSendResult result = template.sendMessageInTransaction(
                    OrderMessaging.ORDER_TOPIC + ":" + eventType.tag(), message, attempt);
            if (attempt.outcome() == null) {
                throw new BrokerUnavailableException(orderId,
                        new IllegalStateException("half message send status " + result.getSendStatus()));
            }
            return attempt.outcome();
        } catch (MessagingException e) {
            if (attempt.outcome() != null) {
                return attempt.outcome();
            }
            throw new BrokerUnavailableException(orderId, e);
        }
    }
}
