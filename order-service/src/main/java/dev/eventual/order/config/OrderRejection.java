package dev.eventual.order.config;

import java.util.Locale;

/**
 * Why {@code POST /api/orders} placed nothing: the {@code reason} of {@code eventual.orders.rejected}. A fixed
 * set, so that every reason's series exists from the start (docs/operations.md).
 */
public enum OrderRejection {
    BROKER_UNAVAILABLE,
    DATABASE_UNAVAILABLE,
    ATTEMPT_ROLLED_BACK,
    LOCAL_TRANSACTION_FAILED,
    OUTCOME_UNKNOWN,
    IDEMPOTENCY_KEY_REUSED,
    /** The stock gate has too few units left. */
    SOLD_OUT,
    /** The stock gate cannot answer (Redis unreachable, or no count for the SKU). */
    GATE_UNAVAILABLE;

    /** The tag value (and log word). */
    public String tag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
