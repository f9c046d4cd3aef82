package dev.eventual.order.api;

import dev.eventual.common.api.IdForm;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * Body of {@code POST /api/orders}. Ids may be sent as JSON numbers or strings of ASCII digits;
 * the quantity must be a JSON integer.
 *
 * @param userId         optional: the order is always the signed-in customer's; when given it must be that customer's id
 * @param idempotencyKey optional alternative to the {@code Idempotency-Key} header
 */
public record CreateOrderRequest(
        @Pattern(regexp = IdForm.PATTERN, message = IdForm.RULE) String userId,
        @NotNull @Pattern(regexp = IdForm.PATTERN, message = IdForm.RULE) String skuId,
        @NotNull @Min(1) @Max(MAX_QUANTITY) Integer quantity,
        @Pattern(regexp = OrderRequests.IDEMPOTENCY_KEY_PATTERN, message = OrderRequests.IDEMPOTENCY_KEY_RULE)
        String idempotencyKey) {

    public static final int MAX_QUANTITY = 1000;
}
