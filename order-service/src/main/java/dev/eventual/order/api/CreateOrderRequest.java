package dev.eventual.order.api;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * Body of {@code POST /api/orders}. Ids may be sent as JSON numbers or strings of ASCII digits;
 * the quantity must be a JSON integer.
 *
 * @param idempotencyKey optional alternative to the {@code Idempotency-Key} header
 */
public record CreateOrderRequest(
        @NotNull @Pattern(regexp = ID_PATTERN, message = ID_RULE) String userId,
        @NotNull @Pattern(regexp = ID_PATTERN, message = ID_RULE) String skuId,
        @NotNull @Min(1) @Max(MAX_QUANTITY) Integer quantity,
        @Pattern(regexp = OrderRequests.IDEMPOTENCY_KEY_PATTERN, message = OrderRequests.IDEMPOTENCY_KEY_RULE)
        String idempotencyKey) {

    public static final int MAX_QUANTITY = 1000;
    /** ASCII digits only: Java's parsers would also accept other scripts' digits. */
    static final String ID_PATTERN = "[1-9][0-9]{0,18}";
    static final String ID_RULE = "must be a positive 64-bit integer";
}
