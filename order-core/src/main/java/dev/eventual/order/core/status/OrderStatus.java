package dev.eventual.order.core.status;

/**
 * {@code t_order.status}. CREATED → PAID by a payment confirmation ({@code POST /api/orders/{id}/pay});
 * CREATED or PAID → CANCELED, which is final; an order left CREATED past the unpaid timeout is
 * canceled by reconcile-job (docs/state-machines.md).
 */
public enum OrderStatus {
    CREATED,
    PAID,
    CANCELED;

    public boolean canBeCanceled() {
        return this == CREATED || this == PAID;
    }
}
