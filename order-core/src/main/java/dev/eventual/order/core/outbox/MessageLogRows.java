package dev.eventual.order.core.outbox;

import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.tracing.OrderTraces;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.LocalDateTime;

/** Builds the message_log row written together with an event's local transaction. */
@Component
@EnableConfigurationProperties(OutboxProperties.class)
class MessageLogRows {

    private final OutboxProperties properties;
    private final OrderTraces traces;
    private final Clock clock;

    MessageLogRows(OutboxProperties properties, OrderTraces traces, Clock clock) {
        this.properties = properties;
        this.traces = traces;
        this.clock = clock;
    }

    /**
     * The row of an event written with its local transaction. SENT: the half message is stored, and this row
     * commits exactly when the event is delivered. WAITING: the broker could not store it, and the relay sends
     * it (due at once; {@link OrderRelay}). It keeps the request's trace context, which the relay's send and
     * the reconcile job's re-drives continue.
     */
    MessageLogRow newEvent(long orderId, OrderEventType eventType, Object event, String transactionId, MessageStatus status) {
        LocalDateTime now = LocalDateTime.now(clock);
        MessageLogRow row = new MessageLogRow();
        row.setOrderId(orderId);
        row.setEventType(eventType);
        row.setShardKey(OrderShards.shardKeyOf(orderId));
        row.setTopic(OrderMessaging.ORDER_TOPIC);
        row.setTag(eventType.tag());
        row.setMsgKey(Long.toString(orderId));
        row.setTransactionId(transactionId);
        row.setPayload(OrderEvents.toJson(event));
        row.setTraceParent(traces.current());
        row.setMsgStatus(status);
        row.setReconcileStatus(OrderOutbox.NEW_EVENT_RECONCILE_STATUS);
        row.setRetryCount(0);
        row.setVersion(0);
        row.setNextReconcileTime(now.plus(properties.reconcileDelay()));
        if (status == MessageStatus.WAITING) {
            row.setNextRelayTime(now);
        }
        return row;
    }
}
