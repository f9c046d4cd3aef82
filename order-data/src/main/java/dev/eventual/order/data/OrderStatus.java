package dev.eventual.order.data;

/**
 * {@code t_order.status}. CREATED → PAID; CREATED or PAID → CANCELED, which is final. Nothing in the
 * suite pays an order yet (docs/state-machines.md says who will).
 */
public enum OrderStatus {
    CREATED,
    PAID,
    CANCELED;

    public boolean canBeCanceled() {
        return this == CREATED || this == PAID;
    }
}
