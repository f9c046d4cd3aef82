package dev.eventual.order.api;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * Body of {@code POST /api/orders/{orderId}/pay}: the payment provider's id of the payment. It is
 * stored, logged and compared, so it is held to the id alphabet of idempotency keys.
 */
public record PayOrderRequest(
        @NotNull @Pattern(regexp = OrderRequests.IDEMPOTENCY_KEY_PATTERN, message = OrderRequests.IDEMPOTENCY_KEY_RULE)
        String paymentId) {
}
