package dev.eventual.reconcile.workorder;

/** The resolver may not take this action (not an admin, or destructive actions are off); it was audited as REJECTED. */
public class WorkOrderForbiddenException extends RuntimeException {

    WorkOrderForbiddenException(String why) {
        super(why);
    }
}
