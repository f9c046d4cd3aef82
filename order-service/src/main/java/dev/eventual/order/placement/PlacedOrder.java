package dev.eventual.order.placement;

import dev.eventual.order.core.store.OrderRow;

/**
 * @param order    the order as written (a new order) or as read (a repeat)
 * @param replayed true when the Idempotency-Key was seen before and this is the first order again
 */
public record PlacedOrder(OrderRow order, boolean replayed) {
}
