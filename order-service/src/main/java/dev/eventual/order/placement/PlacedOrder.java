package dev.eventual.order.placement;

/** @param replayed true when the Idempotency-Key was seen before and this is the first order again */
public record PlacedOrder(long orderId, boolean replayed) {
}
