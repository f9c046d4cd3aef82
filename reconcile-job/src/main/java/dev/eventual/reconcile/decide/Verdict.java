package dev.eventual.reconcile.decide;

public enum Verdict {
    /** Every effect is in place: reconcile SUCCESS. */
    DONE,
    /** Something is still in progress downstream: look again after the back-off. */
    WAIT,
    /** Something is missing or failed: run the actions, then look again. */
    REDRIVE,
    /** No automatic fix exists: open a work order now. */
    ESCALATE
}
