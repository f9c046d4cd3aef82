package dev.eventual.reconcile.decide;

/** What the reconcile job asks a downstream service to do, always with the payload stored in message_log. */
public enum Action {
    /** inventory retry: deduct an order it never saw, re-attempt a FAIL. */
    REDRIVE_INVENTORY,
    /** notice retry of the order-created notice. */
    REDRIVE_NOTICE,
    /** inventory release: give taken stock back, or fence the order. */
    RELEASE_INVENTORY,
    /** notice retry of the order-canceled notice. */
    REDRIVE_CANCEL_NOTICE
}
