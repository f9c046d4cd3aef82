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
 *
 * <p>When the broker cannot store the half message, or the breaker says not to ask it, or an earlier event of
 * the order still waits for the relay, the attempt goes to {@link BrokerFallback} instead (with
 * {@code eventual.order.broker-fallback.enabled}; off, a broker that cannot store it refuses the publication
 * as before).
 */
@Component
class OrderEventPublisher implements OrderOutbox.EventSender {

    private final RocketMQTemplate template;
    private final OrderTraces traces;
    private final BrokerBreaker breaker;
    private final BrokerFallback fallback;
    private final RelayMapper relay;
    private final boolean fallbackEnabled;

    OrderEventPublisher(RocketMQTemplate template, OrderTraces traces, BrokerBreaker breaker, BrokerFallback fallback,
                        RelayMapper relay, BrokerFallbackProperties properties) {
        this.template = template;
        this.traces = traces;
        this.breaker = breaker;
        this.fallback = fallback;
        this.relay = relay;
        this.fallbackEnabled = properties.enabled();
    }

    @Override
    public Publication publish(OrderEventType eventType, long orderId, Object event, Runnable work) {
        PublishAttempt attempt = new PublishAttempt(eventType, orderId, event, work);
        if (eventType != OrderEventType.ORDER_CREATED && relay.waiting(orderId)) {
            // sent as a half message it would reach the consumers before the order's earlier event
            return fallback.publish(attempt, FallbackReason.EARLIER_EVENT_WAITING, null);
        }
        if (!fallbackEnabled) {
            return sendHalfMessage(attempt, event);
        }
        if (!breaker.permits()) {
            return fallback.publish(attempt, FallbackReason.BREAKER_OPEN, null);
        }
        long started = System.nanoTime();
        try {
            Publication publication = sendHalfMessage(attempt, event);
            breaker.stored(started);
            return publication;
        } catch (NotPublishedException e) {
            if (e.reason() != NotPublishedReason.BROKER_UNAVAILABLE) {
                breaker.stored(started);
                throw e;
            }
            if (!NotStored.byTheBroker(e.getCause())) {
                breaker.released();
                throw e;
            }
            breaker.notStored(started, e.getCause());
            return fallback.publish(attempt, FallbackReason.NOT_STORED, e.getCause());
        } catch (RuntimeException | Error e) {
            // the work's refusal, after the broker stored the half message
            breaker.stored(started);
            throw e;
        }
    }

    private Publication sendHalfMessage(PublishAttempt attempt, Object event) {
        OrderEventType eventType = attempt.eventType();
        long orderId = attempt.orderId();
        Message<byte[]> message = MessageBuilder.withPayload(OrderEvents.toBytes(event))
                .setHeader(RocketMQHeaders.KEYS, Long.toString(orderId))
                .setHeader(OrderEventHeaders.ORDER_ID, Long.toString(orderId))
                .setHeader(OrderEventHeaders.EVENT_TYPE, eventType.name())
                .setHeader(OrderTraces.TRACEPARENT, traces.current()) // null (no trace): no header
                .build();
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
