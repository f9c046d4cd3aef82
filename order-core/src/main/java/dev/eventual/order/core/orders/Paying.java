package dev.eventual.order.core.orders;

import dev.eventual.order.core.orders.Orders.Payment;
import dev.eventual.order.core.orders.Orders.PaymentResult;
import dev.eventual.order.core.shard.OrderShards;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;

/**
 * Confirms a payment: CREATED → PAID by one guarded update (status and version, like a cancel), so a
 * payment and a cancel of the same order never both win. No event is published: no consumer acts on a
 * payment (docs/state-machines.md).
 */
@Component
class Paying {

    private final OrderShards shards;
    private final OrderMapper orders;

    Paying(OrderShards shards, OrderMapper orders) {
        this.shards = shards;
        this.orders = orders;
    }

    Payment pay(long orderId, String paymentId) {
        return shards.onOrder(orderId, () -> payOnServer(orderId, paymentId));
    }

    private Payment payOnServer(long orderId, String paymentId) {
        PaymentStateRow order = orders.paymentState(orderId);
        PaymentResult result = PaymentDecision.decide(order, paymentId);
        if (result == PaymentResult.PAID) {
            try {
                if (orders.pay(orderId, order.version(), paymentId) == 1) {
                    return new Payment(PaymentResult.PAID, null);
                }
            } catch (DuplicateKeyException e) {
                return new Payment(PaymentResult.OTHER_PAYMENT, "payment id " + paymentId + " already paid another order; order "
                        + orderId + " is " + order.status() + " and was not paid");
            }
            // the order moved on since it was read (paid or canceled meanwhile): decide on what it is now;
            // it left CREATED for good, so this second decision never asks for a write again
            order = orders.paymentState(orderId);
            result = PaymentDecision.decide(order, paymentId);
            if (result == PaymentResult.PAID) {
                throw new IllegalStateException("order " + orderId + " changed while being paid but is still CREATED");
            }
        }
        return switch (result) {
            case PAID, REPEATED, NOT_FOUND -> new Payment(result, null);
            case OTHER_PAYMENT, CANCELED -> new Payment(result, PaymentDecision.refusal(orderId, order.status(), result));
        };
    }
}
