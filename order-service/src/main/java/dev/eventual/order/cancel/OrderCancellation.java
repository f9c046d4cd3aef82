package dev.eventual.order.cancel;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.config.OrderMetrics;
import dev.eventual.order.core.status.OrderStatus;
import dev.eventual.order.query.OrderNotFoundException;
import dev.eventual.order.core.outbox.NotPublishedException;
import dev.eventual.order.core.outbox.NotPublishedReason;
import dev.eventual.order.core.outbox.OrderOutbox;
import dev.eventual.order.core.outbox.Publication;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.store.OrderMapper;
import dev.eventual.order.core.store.OrderRow;
import dev.eventual.order.publish.PublishFailedException;
import dev.eventual.order.publish.PublishFailure;
import dev.eventual.database.DatabaseFailures;
import dev.eventual.tracing.OrderTraces;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.stereotype.Service;

import java.time.Clock;

/**
 * Cancels an order the same way it was created: the ORDER_CANCELED event published through the
 * outbox, with the guarded status change as its work.
 */
@Service
public class OrderCancellation {

    private static final Logger log = LoggerFactory.getLogger(OrderCancellation.class);

    private final OrderMapper orders;
    private final OrderShards shards;
    private final OrderOutbox outbox;
    private final OrderMetrics metrics;
    private final Clock clock;

    public OrderCancellation(OrderShards shards, OrderMapper orders, OrderOutbox outbox, OrderMetrics metrics, Clock clock) {
        this.shards = shards;
        this.orders = orders;
        this.outbox = outbox;
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
                shards.run(shards.serverOfOrder(orderId), () -> cancelOnce(orderId, reason, expected, customer));
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
        Publication publication;
        try {
            publication = outbox.publish(OrderEventType.ORDER_CANCELED, orderId, event, () -> {
                if (orders.cancel(orderId, order.getVersion()) != 1) {
                    throw changedMeanwhile(orderId, "its version moved");
                }
            });
        } catch (NotPublishedException e) {
            if (e.reason() == NotPublishedReason.EVENT_ALREADY_RECORDED) {
                throw changedMeanwhile(orderId, "another cancel recorded its event first");
            }
            throw notCanceled(orderId, PublishFailure.of(e.reason()), e.getCause() == null ? e.reason() : e.getCause());
        }
        if (publication == Publication.UNKNOWN) {
            throw notCanceled(orderId, PublishFailure.OUTCOME_UNKNOWN, publication);
        }
        log.info("Order {} canceled: {}", orderId, reason);
    }

    private static OrderNotCancelableException changedMeanwhile(long orderId, String how) {
        log.info("Order {} not canceled: it changed while it was being canceled ({})", orderId, how);
        return new OrderNotCancelableException("order " + orderId + " changed while it was being canceled; read it again");
    }

    private PublishFailedException notCanceled(long orderId, PublishFailure failure, Object cause) {
        metrics.cancelRejected(failure.reason());
        log.warn("Order {} not canceled: {} ({})", orderId, failure.reason(), cause);
        return new PublishFailedException(failure, "order " + orderId + " was not canceled", failure == PublishFailure.OUTCOME_UNKNOWN
                ? "read the order to learn it" : "retry later");
    }
}
