package dev.eventual.order.cancel;

import dev.eventual.database.DatabaseFailures;
import dev.eventual.order.config.OrderMetrics;
import dev.eventual.order.core.orders.Orders;
import dev.eventual.order.core.orders.Orders.Cancellation;
import dev.eventual.order.core.status.OrderStatus;
import dev.eventual.order.publish.PublishFailedException;
import dev.eventual.order.publish.PublishFailure;
import dev.eventual.order.query.OrderNotFoundException;
import dev.eventual.tracing.OrderTraces;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.stereotype.Service;

/**
 * Cancels an order the way it was created, through order-core ({@link Orders#cancel}): the ORDER_CANCELED
 * event published through the outbox with the guarded status change as its work. Here the outcome is
 * counted, logged and turned into what the web edge answers.
 */
@Service
public class OrderCancellation {

    private static final Logger log = LoggerFactory.getLogger(OrderCancellation.class);

    private final Orders orders;
    private final OrderMetrics metrics;

    public OrderCancellation(Orders orders, OrderMetrics metrics) {
        this.orders = orders;
        this.metrics = metrics;
    }

    public void cancel(long orderId, String reason) {
        cancel(orderId, reason, null, null);
    }

    /**
     * Cancels only an order still in {@code expected} (null: any cancelable one). The unpaid timeout
     * asks for CREATED, so that a payment that commits first wins.
     *
     * @param customer the customer asking, who may cancel only its own orders (another's is not found);
     *                 null for the admin and the unpaid timeout
     */
    public void cancel(long orderId, String reason, OrderStatus expected, Long customer) {
        try (OrderTraces.OrderInLogs inLogs = OrderTraces.inLogs(orderId)) {
            Cancellation outcome;
            try {
                outcome = orders.cancel(orderId, reason, expected, customer);
            } catch (RuntimeException e) {
                if (!DatabaseFailures.unreachable(e)) {
                    throw e;
                }
                // reading the order found no database; the local transaction reports its own
                throw notCanceled(orderId, PublishFailure.DATABASE_UNAVAILABLE, NestedExceptionUtils.getMostSpecificCause(e));
            }
            answer(orderId, reason, outcome);
        }
    }

    private void answer(long orderId, String reason, Cancellation outcome) {
        if (outcome instanceof Cancellation.Canceled) {
            log.info("Order {} canceled: {}", orderId, reason);
        } else if (outcome instanceof Cancellation.NotFound) {
            throw new OrderNotFoundException(orderId);
        } else if (outcome instanceof Cancellation.NotCancelable notCancelable) {
            throw new OrderNotCancelableException(notCancelable.expected() == null
                    ? "order " + orderId + " is " + notCancelable.status() + " and cannot be canceled"
                    : "order " + orderId + " is " + notCancelable.status() + ", not " + notCancelable.expected()
                    + ", and was not canceled");
        } else if (outcome instanceof Cancellation.ChangedMeanwhile changed) {
            log.info("Order {} not canceled: it changed while it was being canceled ({})", orderId, changed.how());
            throw new OrderNotCancelableException("order " + orderId + " changed while it was being canceled; read it again");
        } else if (outcome instanceof Cancellation.NotPublished notPublished) {
            throw notCanceled(orderId, PublishFailure.of(notPublished.reason()), notPublished.cause());
        } else {
            throw notCanceled(orderId, PublishFailure.OUTCOME_UNKNOWN, "the commit did not answer");
        }
    }

    private PublishFailedException notCanceled(long orderId, PublishFailure failure, Object cause) {
        metrics.cancelRejected(failure.reason());
        log.warn("Order {} not canceled: {} ({})", orderId, failure.reason(), String.valueOf(cause));
        return new PublishFailedException(failure, "order " + orderId + " was not canceled", failure == PublishFailure.OUTCOME_UNKNOWN
                ? "read the order to learn it" : "retry later");
    }
}
