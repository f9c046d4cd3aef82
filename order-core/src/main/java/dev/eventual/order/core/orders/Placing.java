package dev.eventual.order.core.orders;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.orders.Orders.NewOrder;
import dev.eventual.order.core.orders.Orders.Order;
import dev.eventual.order.core.orders.Orders.Placement;
import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedException;
import dev.eventual.order.core.outbox.OrderOutbox;
import dev.eventual.order.core.outbox.OrderOutbox.Publication;
import dev.eventual.order.core.outbox.OrderOutbox.Publishing;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.status.MessageStatus;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * Places an order (docs/design.md, "Placing an order"): the order-created event published through the
 * outbox with the order's insert as its work. The event is delivered only if the order committed: as a half
 * message, or relayed when the broker could not store one (the event WAITING). The Idempotency-Key is decided by its
 * unique key, not by a read before every insert: only a conflict looks the first order up (issue 28: one
 * SELECT less per accepted order).
 */
@Component
class Placing {

    private final OrderShards shards;
    private final OrderMapper orders;
    private final OrderOutbox outbox;
    private final Clock clock;

    Placing(OrderShards shards, OrderMapper orders, OrderOutbox outbox, Clock clock) {
        this.shards = shards;
        this.orders = orders;
        this.outbox = outbox;
        this.clock = clock;
    }

    Placement place(long orderId, NewOrder order) {
        return shards.onUser(order.userId(), () -> placeOnServer(orderId, order));
    }

    Optional<Order> placedBefore(long userId, String idempotencyKey) {
        return shards.onUser(userId, () -> Optional.ofNullable(orders.findByIdempotencyKey(userId, idempotencyKey)).map(Order::of));
    }

    private Placement placeOnServer(long orderId, NewOrder order) {
        Instant now = clock.instant();
        OrderCreatedEvent event = new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, orderId, order.userId(),
                order.skuId(), order.quantity(), now);
        // the row keeps milliseconds (DATETIME(3)), and the 201 answers what the row says; the event keeps the
        // instant as its contract pins it (OrderCreatedContractTest)
        OrderRow row = OrderRow.created(orderId, order.userId(), order.idempotencyKey(), order.skuId(), order.quantity(),
                LocalDateTime.ofInstant(now.truncatedTo(ChronoUnit.MILLIS), ZoneOffset.UTC));
        Publication publication;
        try {
            publication = outbox.publish(new Publishing(OrderEventType.ORDER_CREATED, orderId, event, order.idempotencyKey()),
                    () -> orders.insert(row));
        } catch (DuplicateKeyException e) {
            // the one unique key the insert can meet: this request was made before (or a concurrent repeat
            // committed first); the attempt was rolled back and nothing of it is delivered
            return new Placement.Repeated(Order.of(orders.findByIdempotencyKey(order.userId(), order.idempotencyKey())));
        } catch (NotPublishedException e) {
            return new Placement.NotPublished(e.reason(), e.getCause() == null ? e.reason() : e.getCause());
        }
        if (publication == Publication.UNKNOWN) {
            return new Placement.OutcomeUnknown();
        }
        return new Placement.Placed(Order.of(row),
                publication == Publication.WAITING ? MessageStatus.WAITING : OrderOutbox.NEW_EVENT_STATUS);
    }
}
