package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderEventType;

/** Carries the local transaction to the listener and its outcome back to the publisher. */
final class PublishAttempt {

    private final long orderId;
    private final OrderEventType eventType;
    private final LocalOrderTransaction work;
    private volatile LocalTxOutcome outcome;
    private volatile Error error;

    PublishAttempt(long orderId, OrderEventType eventType, LocalOrderTransaction work) {
        this.orderId = orderId;
        this.eventType = eventType;
        this.work = work;
    }

    long orderId() {
        return orderId;
    }

    OrderEventType eventType() {
        return eventType;
    }

    LocalOrderTransaction work() {
        return work;
    }

    void record(LocalTxOutcome outcome) {
        this.outcome = outcome;
    }

    /** The work threw an Error; its transaction was rolled back and the publisher rethrows it. */
    void failed(Error error) {
        this.error = error;
    }

    /** Null when the local transaction never ran (the half message was not stored). */
    LocalTxOutcome outcome() {
        if (error != null) {
            throw error;
        }
        return outcome;
    }
}
