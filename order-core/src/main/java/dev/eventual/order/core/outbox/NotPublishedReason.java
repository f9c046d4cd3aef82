package dev.eventual.order.core.outbox;

/** Why an event and its writes surely did not commit; nothing of the attempt remains. */
public enum NotPublishedReason {
    /** The broker did not store the half message; nothing was written. */
    BROKER_UNAVAILABLE,
    /** No database connection could be had, or it broke before commit. */
    DATABASE_UNAVAILABLE,
    /** A check-back settled this attempt as rolled back before its local transaction began. */
    ATTEMPT_ROLLED_BACK,
    /** The event already exists in message_log: another attempt of it committed first. */
    EVENT_ALREADY_RECORDED,
    /** The database refused the transaction for another reason, and it was rolled back. */
    FAILED
}
