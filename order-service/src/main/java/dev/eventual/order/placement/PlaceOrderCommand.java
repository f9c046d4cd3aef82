package dev.eventual.order.placement;

/** A validated request to place an order; the idempotency key is unique per user. */
public record PlaceOrderCommand(long userId, long skuId, int quantity, String idempotencyKey) {
}
