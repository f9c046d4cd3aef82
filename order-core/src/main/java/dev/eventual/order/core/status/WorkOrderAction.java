package dev.eventual.order.core.status;

/** What an operator does with an open work order. */
public enum WorkOrderAction {
    /** Reset the event's retries and let reconciliation re-drive it now (e.g. after adding stock). */
    RETRY,
    /** Cancel the order through order-service; compensation follows through its ORDER_CANCELED event. */
    CANCEL_ORDER,
    /** Record that it was resolved by hand; the event counts as reconciled. */
    CLOSE;

    /**
     * An action that cannot be undone: a canceled order stays canceled, whereas a wrong RETRY or CLOSE
     * changes only reconciliation's bookkeeping. Only an admin takes one, and only while they are enabled.
     */
    public boolean destructive() {
        return this == CANCEL_ORDER;
    }
}
