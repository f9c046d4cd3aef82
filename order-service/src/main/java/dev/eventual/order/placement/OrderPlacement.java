package dev.eventual.order.placement;

import dev.eventual.database.DatabaseFailures;
import dev.eventual.order.config.OrderMetrics;
import dev.eventual.order.config.OrderRejection;
import dev.eventual.order.core.orders.Orders;
import dev.eventual.order.core.orders.Orders.NewOrder;
import dev.eventual.order.core.orders.Orders.Order;
import dev.eventual.order.core.orders.Orders.Placement;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.id.OrderIds;
import dev.eventual.order.publish.PublishFailedException;
import dev.eventual.order.publish.PublishFailure;
import dev.eventual.tracing.OrderTraces;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.stereotype.Service;

import java.util.Optional;

/**
 * Places an order (docs/design.md, "Placing an order"): mints its id on the customer's order_db server and
 * has order-core publish its event with the insert as one act ({@link Orders#place}). Here it is counted,
 * logged and turned into the answers the web edge gives: a repeat of the Idempotency-Key is the first order
 * again, and only a conflict or a refusal (which a concurrent repeat may explain) looks the first order up.
 */
@Service
public class OrderPlacement {

    private static final Logger log = LoggerFactory.getLogger(OrderPlacement.class);

    private final Orders orders;
    private final OrderIds ids;
    private final OrderMetrics metrics;

    public OrderPlacement(Orders orders, OrderIds ids, OrderMetrics metrics) {
        this.orders = orders;
        this.ids = ids;
        this.metrics = metrics;
    }

    public PlacedOrder place(PlaceOrderCommand command) {
        try {
            return placeOnce(command);
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
        Placement placement;
        try {
            placement = orders.place(orderId, new NewOrder(command.userId(), command.idempotencyKey(), command.skuId(),
                    command.quantity()));
        } catch (OrderRefusedException e) {
            // refused before anything was written; a concurrent repeat of this request may have committed by
            // now (holding the last units, say), and then this request is that order
            if (e.mayBeARepeat()) {
                Optional<Order> first = orders.placedBefore(command.userId(), command.idempotencyKey());
                if (first.isPresent()) {
                    return replay(first.get(), command);
                }
            }
            metrics.orderRejected(e.rejection());
            // counted, not logged at INFO: a flash sale refuses thousands a second (issue 41)
            log.debug("Order {} not placed: {}", orderId, e.getMessage());
            throw e;
        }
        if (placement instanceof Placement.Placed placed) {
            metrics.orderCreated();
            log.info("Order {} placed for user {}: sku {} x {}{}", orderId, command.userId(), command.skuId(),
                    command.quantity(), placed.eventStatus() == MessageStatus.WAITING ? ", its event waiting for the broker" : "");
            return new PlacedOrder(placed.order(), false, placed.eventStatus());
        }
        if (placement instanceof Placement.Repeated repeated) {
            return replay(repeated.first(), command);
        }
        if (placement instanceof Placement.NotPublished notPublished) {
            throw notPlaced(orderId, PublishFailure.of(notPublished.reason()), notPublished.cause());
        }
        throw notPlaced(orderId, PublishFailure.OUTCOME_UNKNOWN, "the commit did not answer");
    }

    private PlacedOrder replay(Order first, PlaceOrderCommand command) {
        if (first.skuId() != command.skuId() || first.quantity() != command.quantity()) {
            metrics.orderRejected(OrderRejection.IDEMPOTENCY_KEY_REUSED);
            throw new IdempotencyKeyReusedException(command.userId(), first.orderId());
        }
        metrics.orderReplayed();
        try (OrderTraces.OrderInLogs inLogs = OrderTraces.inLogs(first.orderId())) {
            log.info("Order {}: Idempotency-Key repeated by user {}; answering with the first order",
                    first.orderId(), command.userId());
        }
        return new PlacedOrder(first, true, null);
    }

    private PublishFailedException notPlaced(long orderId, PublishFailure failure, Object cause) {
        metrics.orderRejected(failure.rejection());
        // the cause as text: a Throwable as the last argument would be taken for the exception, its placeholder left empty
        log.warn("Order {} not placed: {} ({})", orderId, failure.reason(), String.valueOf(cause));
        return new PublishFailedException(failure, "the order was not placed", failure == PublishFailure.OUTCOME_UNKNOWN
                ? "retry with the same Idempotency-Key to learn it" : "retry later");
    }
}
