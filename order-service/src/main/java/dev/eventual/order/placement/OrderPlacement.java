package dev.eventual.order.placement;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.config.OrderMetrics;
import dev.eventual.order.config.OrderRejection;
import dev.eventual.order.core.outbox.NotPublishedException;
import dev.eventual.order.core.outbox.OrderOutbox;
import dev.eventual.order.core.outbox.Publication;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.store.OrderMapper;
import dev.eventual.order.core.store.OrderRow;
import dev.eventual.order.id.OrderIds;
import dev.eventual.order.publish.PublishFailedException;
import dev.eventual.order.publish.PublishFailure;
import dev.eventual.database.DatabaseFailures;
import dev.eventual.tracing.OrderTraces;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * Places an order (docs/design.md, "Placing an order"): the order-created event published through the
 * outbox with the order's insert as its work. Nothing is written unless the broker stored the half
 * message, and the event is delivered only if the order committed. The Idempotency-Key is decided by
 * its unique key, not by a read before every insert: only a conflict (or a refusal that a concurrent
 * repeat may explain) looks the first order up (issue 28: one SELECT less per accepted order).
 */
@Service
public class OrderPlacement {

    private static final Logger log = LoggerFactory.getLogger(OrderPlacement.class);

    private final OrderMapper orders;
    private final OrderOutbox outbox;
    private final OrderShards shards;
    private final OrderIds ids;
    private final OrderMetrics metrics;
    private final Clock clock;

    public OrderPlacement(OrderShards shards, OrderMapper orders, OrderOutbox outbox, OrderIds ids, OrderMetrics metrics,
                          Clock clock) {
        this.shards = shards;
        this.orders = orders;
        this.outbox = outbox;
        this.ids = ids;
        this.metrics = metrics;
        this.clock = clock;
    }

    public PlacedOrder place(PlaceOrderCommand command) {
        try {
            return shards.onUser(command.userId(), () -> placeOnce(command));
        } catch (RuntimeException e) {
            if (!DatabaseFailures.unreachable(e)) {
                throw e;
            }
            // a repeat's lookup found no database; the local transaction reports its own failures
            PublishFailure failure = PublishFailure.DATABASE_UNAVAILABLE;
            metrics.orderRejected(failure.rejection());
            log.warn("Order of user {} not placed: {} ({})", command.userId(), failure.reason(), NestedExceptionUtils.getMostSpecificCause(e).toString());
            throw new PublishFailedException(failure, "the order was not placed", "retry later");
        }
    }

    private PlacedOrder placeOnce(PlaceOrderCommand command) {
        long orderId = ids.next(command.userId());
        try (OrderTraces.OrderInLogs inLogs = OrderTraces.inLogs(orderId)) {
            return placeNew(orderId, command);
        }
    }

    private PlacedOrder placeNew(long orderId, PlaceOrderCommand command) {
        Instant now = clock.instant();
        OrderCreatedEvent event = new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, orderId, command.userId(),
                command.skuId(), command.quantity(), now);
        // the row keeps milliseconds (DATETIME(3)), and the 201 answers what the row says; the event keeps the
        // instant as its contract pins it (OrderCreatedContractTest)
        OrderRow order = OrderRow.created(orderId, command.userId(), command.idempotencyKey(), command.skuId(),
                command.quantity(), LocalDateTime.ofInstant(now.truncatedTo(ChronoUnit.MILLIS), ZoneOffset.UTC));
        Publication publication;
        try {
            publication = outbox.publish(OrderEventType.ORDER_CREATED, orderId, event, () -> orders.insert(order));
        } catch (DuplicateKeyException e) {
            // the one unique key the insert can meet: this request was made before (or a concurrent repeat
            // committed first); the attempt was rolled back and nothing of it is delivered
            return replay(orders.findByIdempotencyKey(command.userId(), command.idempotencyKey()), command);
        } catch (OrderRefusedException e) {
            // refused before anything was written; a concurrent repeat of this request may have committed by
            // now (holding the last units, say), and then this request is that order
            OrderRow first = orders.findByIdempotencyKey(command.userId(), command.idempotencyKey());
            if (first != null) {
                return replay(first, command);
            }
            metrics.orderRejected(e.rejection());
            log.info("Order {} not placed: {}", orderId, e.getMessage());
            throw e;
        } catch (NotPublishedException e) {
            throw notPlaced(orderId, PublishFailure.of(e.reason()), e.getCause() == null ? e.reason() : e.getCause());
        }
        if (publication == Publication.UNKNOWN) {
            throw notPlaced(orderId, PublishFailure.OUTCOME_UNKNOWN, publication);
        }
        metrics.orderCreated();
        log.info("Order {} placed for user {}: sku {} x {}", orderId, command.userId(), command.skuId(),
                command.quantity());
        return new PlacedOrder(order, false);
    }

    private PlacedOrder replay(OrderRow first, PlaceOrderCommand command) {
        if (first.getSkuId() != command.skuId() || first.getQuantity() != command.quantity()) {
            metrics.orderRejected(OrderRejection.IDEMPOTENCY_KEY_REUSED);
            throw new IdempotencyKeyReusedException(command.userId(), first.getOrderId());
        }
        metrics.orderReplayed();
        try (OrderTraces.OrderInLogs inLogs = OrderTraces.inLogs(first.getOrderId())) {
            log.info("Order {}: Idempotency-Key repeated by user {}; answering with the first order",
                    first.getOrderId(), command.userId());
        }
        return new PlacedOrder(first, true);
    }

    private PublishFailedException notPlaced(long orderId, PublishFailure failure, Object cause) {
        metrics.orderRejected(failure.rejection());
        log.warn("Order {} not placed: {} ({})", orderId, failure.reason(), cause);
        return new PublishFailedException(failure, "the order was not placed", failure == PublishFailure.OUTCOME_UNKNOWN
                ? "retry with the same Idempotency-Key to learn it" : "retry later");
    }
}
