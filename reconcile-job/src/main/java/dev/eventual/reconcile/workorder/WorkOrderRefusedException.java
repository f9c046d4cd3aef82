package dev.eventual.reconcile.workorder;

/** The action cannot be applied to the work order as it is now (resolved, or its event moved on); it was audited as REJECTED. */
public class WorkOrderRefusedException extends RuntimeException {

    WorkOrderRefusedException(String why) {
        super(why);
    }
}
