package dev.eventual.reconcile.workorder;

/** No work order has this id. */
public class WorkOrderNotFoundException extends RuntimeException {

    WorkOrderNotFoundException(long id) {
        super("work order " + id + " does not exist");
    }
}
