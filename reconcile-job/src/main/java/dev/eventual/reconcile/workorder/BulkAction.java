package dev.eventual.reconcile.workorder;

import dev.eventual.order.core.reconcile.WorkOrders;

/**
 * What a bulk act may do to every work order a filter matches: the undoable actions only. CANCEL_ORDER
 * cannot be undone and stays one work order at a time, for an admin; a body that asks for it here is refused
 * (400, naming {@code action}) before anything is read.
 */
public enum BulkAction {
    RETRY, CLOSE;

    public WorkOrders.Action action() {
        return WorkOrders.Action.valueOf(name());
    }
}
