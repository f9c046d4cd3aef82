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
    /** The stock gate cannot answer (Redis unreachable, or its catalog not seeded yet). */
    GATE_UNAVAILABLE,
    /** The stock gate's catalog is seeded and has no count for the SKU: inventory holds no such SKU. */
    UNKNOWN_SKU;

    /** The tag value (and log word). */
    public String tag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
