package dev.eventual.order.placement;

import dev.eventual.order.core.orders.Orders.Order;

/**
 * @param order    the order as written (a new order) or as read (a repeat)
 * @param replayed true when the Idempotency-Key was seen before and this is the first order again
 */
public record PlacedOrder(Order order, boolean replayed) {
}
