package dev.eventual.order.payment;

import dev.eventual.order.query.OrderNotFoundException;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.store.OrderMapper;
import dev.eventual.order.core.store.PaymentStateRow;
import dev.eventual.tracing.OrderTraces;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/**
 * Confirms a payment: CREATED → PAID by one guarded update (status and version, like a cancel), so a
 * payment and a cancel of the same order never both win. No event is published: no consumer acts on
 * a payment (docs/state-machines.md). Every confirmation is logged with who asked, the order and the
 * payment id: it is an admin act.
 */
@Service
public class OrderPayment {

    private static final Logger log = LoggerFactory.getLogger(OrderPayment.class);

    private final OrderShards shards;
    private final OrderMapper orders;
    private final PaymentMetrics metrics;

    OrderPayment(OrderShards shards, OrderMapper orders, PaymentMetrics metrics) {
        this.shards = shards;
        this.orders = orders;
        this.metrics = metrics;
    }

    /**
     * Pays the order, or finds it paid by this very payment already (a repeated callback).
     *
     * @throws OrderNotFoundException   no such order
     * @throws OrderNotPayableException the order is canceled, or paid by another payment
     */
    public PaymentResult pay(long orderId, String paymentId, String caller) {
        try (OrderTraces.OrderInLogs inLogs = OrderTraces.inLogs(orderId)) {
            return shards.onOrder(orderId, () -> payInLogs(orderId, paymentId, caller));
        }
    }

    private PaymentResult payInLogs(long orderId, String paymentId, String caller) {
        PaymentStateRow order = orders.paymentState(orderId);
        PaymentResult result = PaymentDecision.decide(order, paymentId);
        if (result == PaymentResult.PAID && !payRead(order, paymentId, caller)) {
            // the order moved on since it was read (paid or canceled meanwhile): decide on what it is now;
            // it left CREATED for good, so this second decision never asks for a write again
            order = orders.paymentState(orderId);
            result = PaymentDecision.decide(order, paymentId);
            if (result == PaymentResult.PAID) {
                throw new IllegalStateException("order " + orderId + " changed while being paid but is still CREATED");
            }
        }
        metrics.count(result);
        log.info("Payment of order {} by {}: payment id {}, {}", orderId, caller, paymentId, result);
        return switch (result) {
            case PAID, REPEATED -> result;
            case NOT_FOUND -> throw new OrderNotFoundException(orderId);
            case OTHER_PAYMENT, CANCELED ->
                    throw new OrderNotPayableException(PaymentDecision.refusal(orderId, order.status(), result));
        };
    }

    /** The guarded write; false when it touched nothing because the order changed since {@code order} was read. */
    private boolean payRead(PaymentStateRow order, String paymentId, String caller) {
        try {
            return orders.pay(order.orderId(), order.version(), paymentId) == 1;
        } catch (DuplicateKeyException e) {
            metrics.count(PaymentResult.OTHER_PAYMENT);
            log.info("Payment of order {} by {}: payment id {} already paid another order, {}", order.orderId(), caller,
                    paymentId, PaymentResult.OTHER_PAYMENT);
            throw new OrderNotPayableException("payment id " + paymentId + " already paid another order; order "
                    + order.orderId() + " is " + order.status() + " and was not paid");
        }
    }
}
