package dev.eventual.order.placement;

import dev.eventual.order.core.orders.Orders.Order;
import dev.eventual.order.core.status.MessageStatus;

/**
 * @param order       the order as written (a new order) or as read (a repeat)
 * @param replayed    true when the Idempotency-Key was seen before and this is the first order again
 * @param eventStatus a new order's created event as written: SENT, or WAITING for the relay while the broker
 *                    could not store it; null for a repeat, whose event is read
 */
public record PlacedOrder(Order order, boolean replayed, MessageStatus eventStatus) {
}
