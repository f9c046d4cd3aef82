package dev.eventual.order.tx;

/** Carries the local transaction to the listener and its outcome back to the publisher. */
final class PublishAttempt {

    private final long orderId;
    private final LocalOrderTransaction work;
    private volatile LocalTxOutcome outcome;

    PublishAttempt(long orderId, LocalOrderTransaction work) {
        this.orderId = orderId;
        this.work = work;
    }

    long orderId() {
        return orderId;
    }

    LocalOrderTransaction work() {
        return work;
    }

    void record(LocalTxOutcome outcome) {
        this.outcome = outcome;
    }

    /** Null when the local transaction never ran (the half message was not stored). */
    LocalTxOutcome outcome() {
        return outcome;
    }
}
