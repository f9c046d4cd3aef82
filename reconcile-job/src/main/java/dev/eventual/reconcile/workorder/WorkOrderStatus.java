package dev.eventual.reconcile.workorder;

/** {@code reconcile_work_order.status}: OPEN until an operator resolves it; a later exhaustion reopens it. */
public enum WorkOrderStatus {
    OPEN,
    RESOLVED
}
