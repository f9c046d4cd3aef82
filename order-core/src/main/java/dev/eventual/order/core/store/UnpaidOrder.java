package dev.eventual.order.core.store;

import java.time.LocalDateTime;

/** A CREATED order past the timeout, and its place in the scan order (created_at, order_id). */
public record UnpaidOrder(long orderId, LocalDateTime createdAt) {

    /** Before every order. */
    public static UnpaidOrder first() {
        return new UnpaidOrder(0, LocalDateTime.of(1970, 1, 1, 0, 0));
    }
}
