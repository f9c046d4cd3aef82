package dev.eventual.order.placement;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.config.OrderMetrics;
import dev.eventual.order.config.OrderRejection;
import dev.eventual.order.gate.Admission;
import dev.eventual.order.gate.GateUnavailableException;
import dev.eventual.order.gate.OrderGate;
import dev.eventual.order.gate.SoldOutException;
import dev.eventual.order.gate.UnknownSkuException;
import dev.eventual.order.id.SnowflakeIds;
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
 * Places an order (docs/design.md, "Placing an order"): idempotency check, half message, then
 * order + message_log in one local transaction. Nothing is written unless the broker stored the
 * half message, and the event is delivered only if the local transaction committed.
 */
@Service
public class OrderPlacement {

    private static final Logger log = LoggerFactory.getLogger(OrderPlacement.class);

    private final OrderMapper orders;
    private final MessageLogMapper messageLog;
    private final MessageLogRows messageLogRows;
    private final OrderEventPublication publisher;
    private final SnowflakeIds ids;
    private final OrderGate gate;
    private final OrderMetrics metrics;
    private final Clock clock;

    public OrderPlacement(OrderMapper orders, MessageLogMapper messageLog, MessageLogRows messageLogRows,
                          OrderEventPublication publisher, SnowflakeIds ids, OrderGate gate, OrderMetrics metrics,
                          Clock clock) {
        this.orders = orders;
        this.messageLog = messageLog;
        this.messageLogRows = messageLogRows;
        this.publisher = publisher;
        this.ids = ids;
        this.gate = gate;
        this.metrics = metrics;
        this.clock = clock;
    }

    public PlacedOrder place(PlaceOrderCommand command) {
        try {
            return placeOnce(command);
        } catch (RuntimeException e) {
            if (!DatabaseFailures.unreachable(e)) {
                throw e;
            }
            // the idempotency lookup or a replay read found no database; the local transaction reports its own
            PublishFailure failure = PublishFailure.DATABASE_UNAVAILABLE;
            metrics.orderRejected(failure.rejection());
            log.warn("Order of user {} not placed: {} ({})", command.userId(), failure.reason(), NestedExceptionUtils.getMostSpecificCause(e).toString());
            throw new PublishFailedException(failure, "the order was not placed", "retry later");
        }
    }

    private PlacedOrder placeOnce(PlaceOrderCommand command) {
        OrderRow existing = orders.findByIdempotencyKey(command.userId(), command.idempotencyKey());
        if (existing != null) {
            return replay(existing, command);
        }
        long orderId = ids.nextId();
        try (OrderTraces.OrderInLogs inLogs = OrderTraces.inLogs(orderId)) {
            return placeNew(orderId, command);
        }
    }

    /**
     * A gated SKU's units are reserved first (a sold-out or unknown SKU is refused before anything is
     * written or sent); every outcome that is not a committed order gives them back, except an unknown
     * outcome, which the check-back settles (docs/stock-gate.md).
     */
    private PlacedOrder placeNew(long orderId, PlaceOrderCommand command) {
        Admission admission;
        try {
            admission = gate.admit(command.skuId(), orderId, command.quantity());
        } catch (SoldOutException e) {
            // a concurrent repeat of this request may hold the last units and have committed by now
            OrderRow first = orders.findByIdempotencyKey(command.userId(), command.idempotencyKey());
            if (first != null) {
                return replay(first, command);
            }
            metrics.orderRejected(OrderRejection.SOLD_OUT);
            log.info("Order {} not placed: {}", orderId, e.getMessage());
            throw e;
        } catch (UnknownSkuException e) {
            metrics.orderRejected(OrderRejection.UNKNOWN_SKU);
            log.info("Order {} not placed: {}", orderId, e.getMessage());
            throw e;
        } catch (GateUnavailableException e) {
            metrics.orderRejected(OrderRejection.GATE_UNAVAILABLE);
            log.warn("Order {} not placed: stock gate unavailable ({})", orderId, e.getMessage());
            throw e;
        }
        OrderCreatedEvent event = new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, orderId, command.userId(),
                command.skuId(), command.quantity(), clock.instant());
        LocalTxOutcome outcome;
        try {
            outcome = publisher.publish(orderId, OrderEventType.ORDER_CREATED, event, transactionId -> {
                messageLog.insert(messageLogRows.newEvent(orderId, OrderEventType.ORDER_CREATED, event, transactionId));
                orders.insert(OrderRow.created(orderId, command.userId(), command.idempotencyKey(),
                        command.skuId(), command.quantity()));
                return LocalTxOutcome.COMMITTED;
            });
        } catch (BrokerUnavailableException e) {
            gate.giveBack(admission, "broker_unavailable");
            throw notPlaced(orderId, PublishFailure.BROKER_UNAVAILABLE, e.getCause() == null ? e : e.getCause());
        }
        if (outcome != LocalTxOutcome.COMMITTED && outcome != LocalTxOutcome.UNKNOWN) {
            gate.giveBack(admission, "not_committed");
        }
        return switch (outcome) {
            case COMMITTED -> {
                metrics.orderCreated();
                log.info("Order {} placed for user {}: sku {} x {}", orderId, command.userId(), command.skuId(),
                        command.quantity());
                yield new PlacedOrder(orderId, false);
            }
            case DUPLICATE_IDEMPOTENCY_KEY -> replay(
                    orders.findByIdempotencyKey(command.userId(), command.idempotencyKey()), command);
            case DATABASE_UNAVAILABLE, ATTEMPT_ROLLED_BACK, UNKNOWN, EVENT_ALREADY_RECORDED, ORDER_CHANGED, FAILED ->
                    throw notPlaced(orderId, PublishFailure.of(outcome), outcome);
        };
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
        return new PlacedOrder(first.getOrderId(), true);
    }

    private PublishFailedException notPlaced(long orderId, PublishFailure failure, Object cause) {
        metrics.orderRejected(failure.rejection());
        log.warn("Order {} not placed: {} ({})", orderId, failure.reason(), cause);
        return new PublishFailedException(failure, "the order was not placed", failure == PublishFailure.OUTCOME_UNKNOWN
                ? "retry with the same Idempotency-Key to learn it" : "retry later");
    }
}
