package dev.eventual.order.core.orders;

import dev.eventual.order.core.status.OrderStatus;

/**
 * The payment rules, on the order as it was read: a CREATED order may be paid; a PAID order takes
 * only a repeat of its own payment (a provider's callback is delivered at least once); nothing pays
 * a CANCELED order. The write that follows is guarded by the version read here.
 */
final class PaymentDecision {

    private PaymentDecision() {
    }

    /** What a confirmation with {@code paymentId} does to {@code order}: PAY, or the answer without writing. */
    static Orders.PaymentResult decide(PaymentStateRow order, String paymentId) {
        if (order == null) {
            return Orders.PaymentResult.NOT_FOUND;
        }
        return switch (order.status()) {
            case CREATED -> Orders.PaymentResult.PAID;
            case PAID -> paymentId.equals(order.paymentId()) ? Orders.PaymentResult.REPEATED : Orders.PaymentResult.OTHER_PAYMENT;
            case CANCELED -> Orders.PaymentResult.CANCELED;
        };
    }

    /** The 409's detail, naming the order and its status. */
    static String refusal(long orderId, OrderStatus status, Orders.PaymentResult result) {
        return switch (result) {
            case OTHER_PAYMENT -> "order " + orderId + " is " + status + " by another payment and cannot be paid again";
            case CANCELED -> "order " + orderId + " is " + status + " and cannot be paid";
            default -> throw new IllegalArgumentException(result + " is no refusal");
        };
    }
}
