package dev.eventual.order.api;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;

/**
 * Body of {@code POST /api/orders}. Ids may be sent as JSON numbers or strings.
 *
 * @param idempotencyKey optional alternative to the {@code Idempotency-Key} header
 */
public record CreateOrderRequest(
        @NotNull @Positive Long userId,
        @NotNull @Positive Long skuId,
        @NotNull @Min(1) @Max(MAX_QUANTITY) Integer quantity,
        @Pattern(regexp = OrderRequests.IDEMPOTENCY_KEY_PATTERN, message = OrderRequests.IDEMPOTENCY_KEY_RULE)
        String idempotencyKey) {

    public static final int MAX_QUANTITY = 1000;
}
