package dev.eventual.order.api;

import jakarta.validation.constraints.Size;

/** Optional body of {@code POST /api/orders/{orderId}/cancel}. */
public record CancelOrderRequest(@Size(max = 200) String reason) {
}
