package dev.eventual.order.core.orders;

import dev.eventual.order.core.status.OrderStatus;

/** The columns of {@code t_order} a payment confirmation decides on. */
record PaymentStateRow(long orderId, OrderStatus status, int version, String paymentId) {
}
