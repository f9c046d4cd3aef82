package dev.eventual.order.cancel;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.config.OrderMetrics;
import dev.eventual.order.data.OrderStatus;
import dev.eventual.order.query.OrderNotFoundException;
import dev.eventual.order.store.MessageLogMapper;
import dev.eventual.order.store.OrderMapper;
import dev.eventual.order.store.OrderRow;
import dev.eventual.order.tx.BrokerUnavailableException;
import dev.eventual.order.tx.LocalTxOutcome;
import dev.eventual.order.tx.MessageLogRows;
import dev.eventual.order.tx.OrderEventPublication;
import dev.eventual.order.tx.PublishFailedException;
import dev.eventual.order.tx.PublishFailure;
import dev.eventual.tracing.OrderTraces;
import dev.eventual.web.DatabaseFailures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.stereotype.Service;

import java.time.Clock;

/**
 * Cancels an order the same way it was created: half message ORDER_CANCELED, then the guarded
 * status change and the event's message_log row in one local transaction.
 */
@Service
public class OrderCancellation {

    private static final Logger log = LoggerFactory.getLogger(OrderCancellation.class);

    private final OrderMapper orders;
    private final MessageLogMapper messageLog;
    private final MessageLogRows messageLogRows;
    private final OrderEventPublication publisher;
    private final OrderMetrics metrics;
    private final Clock clock;

    public OrderCancellation(OrderMapper orders, MessageLogMapper messageLog, MessageLogRows messageLogRows,
                             OrderEventPublication publisher, OrderMetrics metrics, Clock clock) {
        this.orders = orders;
        this.messageLog = messageLog;
        this.messageLogRows = messageLogRows;
        this.publisher = publisher;
        this.metrics = metrics;
        this.clock = clock;
    }

    public void cancel(long orderId, String reason) {
        cancel(orderId, reason, null, null);
    }

    /**
     * Cancels only an order still in {@code expected} (null: any cancelable one). The unpaid timeout
     * asks for CREATED, so that a payment that commits first wins; the version guard of the update
     * makes the check and the change one step.
     *
     * @param customer the customer asking, who may cancel only its own orders (another's is not found);
     *                 null for the admin and the unpaid timeout
     */
    public void cancel(long orderId, String reason, OrderStatus expected, Long customer) {
        try (OrderTraces.OrderInLogs inLogs = OrderTraces.inLogs(orderId)) {
            try {
                cancelOnce(orderId, reason, expected, customer);
            } catch (RuntimeException e) {
                if (!DatabaseFailures.unreachable(e)) {
                    throw e;
                }
                // reading the order found no database; the local transaction reports its own
                throw notCanceled(orderId, PublishFailure.DATABASE_UNAVAILABLE,
                        NestedExceptionUtils.getMostSpecificCause(e));
            }
        }
    }

    private void cancelOnce(long orderId, String reason, OrderStatus expected, Long customer) {
        OrderRow order = orders.selectById(orderId);
        if (order == null || (customer != null && !customer.equals(order.getUserId()))) {
            throw new OrderNotFoundException(orderId);
        }
        if (!order.getStatus().canBeCanceled()) {
            throw new OrderNotCancelableException("order " + orderId + " is " + order.getStatus() + " and cannot be canceled");
        }
        if (expected != null && order.getStatus() != expected) {
            throw new OrderNotCancelableException("order " + orderId + " is " + order.getStatus() + ", not " + expected
                    + ", and was not canceled");
        }
        OrderCanceledEvent event = new OrderCanceledEvent(OrderEvents.SCHEMA_VERSION, orderId, order.getUserId(),
                order.getSkuId(), order.getQuantity(), reason, clock.instant());
        LocalTxOutcome outcome;
        try {
            outcome = publisher.publish(orderId, OrderEventType.ORDER_CANCELED, event, transactionId -> {
                messageLog.insert(messageLogRows.newEvent(orderId, OrderEventType.ORDER_CANCELED, event, transactionId));
                return orders.cancel(orderId, order.getVersion()) == 1 ? LocalTxOutcome.COMMITTED : LocalTxOutcome.ORDER_CHANGED;
            });
        } catch (BrokerUnavailableException e) {
            throw notCanceled(orderId, PublishFailure.BROKER_UNAVAILABLE, e.getCause() == null ? e : e.getCause());
        }
        switch (outcome) {
            case COMMITTED -> log.info("Order {} canceled: {}", orderId, reason);
            case ORDER_CHANGED, EVENT_ALREADY_RECORDED -> {
                log.info("Order {} not canceled: it changed while it was being canceled ({})", orderId, outcome);
                throw new OrderNotCancelableException("order " + orderId + " changed while it was being canceled; read it again");
            }
            case DATABASE_UNAVAILABLE, ATTEMPT_ROLLED_BACK, UNKNOWN, DUPLICATE_IDEMPOTENCY_KEY, FAILED ->
                    throw notCanceled(orderId, PublishFailure.of(outcome), outcome);
        }
    }

    private PublishFailedException notCanceled(long orderId, PublishFailure failure, Object cause) {
        metrics.cancelRejected(failure.reason());
        log.warn("Order {} not canceled: {} ({})", orderId, failure.reason(), cause);
        return new PublishFailedException(failure, "order " + orderId + " was not canceled", failure == PublishFailure.OUTCOME_UNKNOWN
                ? "read the order to learn it" : "retry later");
    }
}
