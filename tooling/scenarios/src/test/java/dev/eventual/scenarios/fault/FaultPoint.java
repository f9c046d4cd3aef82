package dev.eventual.scenarios.fault;

/** Where a service JVM can be made to stop, hang or lose a message (see {@link FaultPoints}). */
public enum FaultPoint {

    /** order-service placing an order: the half message is stored, order + message_log are written, the commit never comes. */
    ORDER_HANG_BEFORE_LOCAL_COMMIT,
    /** order-service placing an order: the local transaction committed, the broker never hears COMMIT. */
    ORDER_HANG_AFTER_LOCAL_COMMIT,
    /**
     * order-service canceling an order: the half message is stored, status change + message_log are
     * written, the commit never comes.
     */
    CANCEL_HANG_BEFORE_LOCAL_COMMIT,
    /** order-service canceling an order: the local transaction committed, the broker never hears COMMIT. */
    CANCEL_HANG_AFTER_LOCAL_COMMIT,
    /**
     * order-service's relay: the broker answered SEND_OK for a batch of WAITING events and their mark SENT is
     * written, its commit never comes (the claim's row locks stay held); arrivals count the batch's events.
     */
    RELAY_HANG_BEFORE_MARK_COMMIT,
    /** inventory-service: a deduction committed, its message never acknowledged. */
    INVENTORY_HANG_AFTER_DEDUCT,
    /** inventory-service: handling of order-created events waits while armed (cancels pass); arrivals count events. */
    INVENTORY_HOLD,
    /** notice-service: event handling waits while armed; arrivals count events. */
    NOTICE_HOLD,
    /** notice-service: delivered events are acknowledged and forgotten, as if lost. */
    NOTICE_DROP;

    String id() {
        return name().toLowerCase();
    }
}
