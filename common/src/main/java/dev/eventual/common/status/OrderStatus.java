package dev.eventual.common.status;

/**
 * {@code t_order.status}. CREATED → PAID → SHIPPED; CREATED or PAID → CANCELED. SHIPPED and
 * CANCELED are final. See docs/state-machines.md.
 */
public enum OrderStatus {
    CREATED,
    PAID,
    SHIPPED,
    CANCELED;

    public boolean canBeCanceled() {
        return this == CREATED || this == PAID;
    }
}
