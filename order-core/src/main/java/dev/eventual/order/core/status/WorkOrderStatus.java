package dev.eventual.order.core.status;

/** {@code reconcile_work_order.status}: OPEN until an operator resolves it; a later exhaustion reopens it. */
public enum WorkOrderStatus {
    OPEN,
    RESOLVED
}
