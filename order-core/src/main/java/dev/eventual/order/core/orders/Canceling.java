package dev.eventual.order.core.orders;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.orders.Orders.Cancellation;
import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedException;
import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedReason;
import dev.eventual.order.core.outbox.OrderOutbox;
import dev.eventual.order.core.outbox.OrderOutbox.Publication;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.status.OrderStatus;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.ZoneOffset;

/**
 * Cancels an order the same way it was created: the ORDER_CANCELED event published through the outbox,
 * with the guarded status change as its work. The version guard of the update makes the status check and
 * the change one step.
 */
@Component
class Canceling {

    private final OrderShards shards;
    private final OrderMapper orders;
    private final OrderOutbox outbox;
    private final Clock clock;

    Canceling(OrderShards shards, OrderMapper orders, OrderOutbox outbox, Clock clock) {
        this.shards = shards;
        this.orders = orders;
        this.outbox = outbox;
        this.clock = clock;
    }

    Cancellation cancel(long orderId, String reason, OrderStatus expected, Long customer) {
        return shards.onOrder(orderId, () -> cancelOnServer(orderId, reason, expected, customer));
    }

    private Cancellation cancelOnServer(long orderId, String reason, OrderStatus expected, Long customer) {
        OrderRow order = orders.selectById(orderId);
        if (order == null || (customer != null && !customer.equals(order.getUserId()))) {
            return new Cancellation.NotFound();
        }
        if (!order.getStatus().canBeCanceled()) {
            return new Cancellation.NotCancelable(order.getStatus(), null);
        }
        if (expected != null && order.getStatus() != expected) {
            return new Cancellation.NotCancelable(order.getStatus(), expected);
        }
        OrderCanceledEvent event = new OrderCanceledEvent(OrderEvents.SCHEMA_VERSION, orderId, order.getUserId(),
                order.getSkuId(), order.getQuantity(), reason, clock.instant(),
                order.getCreatedAt().toInstant(ZoneOffset.UTC));
        Publication publication;
        try {
            publication = outbox.publish(OrderEventType.ORDER_CANCELED, orderId, event, () -> {
                if (orders.cancel(orderId, order.getVersion()) != 1) {
                    throw new VersionMoved();
                }
            });
        } catch (VersionMoved e) {
            return new Cancellation.ChangedMeanwhile("its version moved");
        } catch (NotPublishedException e) {
            if (e.reason() == NotPublishedReason.EVENT_ALREADY_RECORDED) {
                return new Cancellation.ChangedMeanwhile("another cancel recorded its event first");
            }
            return new Cancellation.NotPublished(e.reason(), e.getCause() == null ? e.reason() : e.getCause());
        }
        return publication == Publication.UNKNOWN ? new Cancellation.OutcomeUnknown() : new Cancellation.Canceled();
    }

    /** The guarded update touched nothing: the work's refusal, which rolls the attempt back. */
    private static final class VersionMoved extends RuntimeException {

        VersionMoved() {
            super("the order's version moved since it was read", null, false, false);
        }
    }
}
