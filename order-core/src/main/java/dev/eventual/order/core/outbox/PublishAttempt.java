package dev.eventual.order.core.outbox;

import dev.eventual.order.core.outbox.OrderOutbox.Publication;
import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedException;
import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedReason;
import dev.eventual.common.messaging.OrderEventType;

/** Carries one attempt's event and work to its local transaction, and how that ended back to the caller. */
final class PublishAttempt {

    private final OrderEventType eventType;
    private final long orderId;
    private final Object event;
    private final Runnable work;
    private volatile LocalTxOutcome outcome;
    private volatile RuntimeException refusal;
    private volatile Error error;

    PublishAttempt(OrderEventType eventType, long orderId, Object event, Runnable work) {
        this.eventType = eventType;
        this.orderId = orderId;
        this.event = event;
        this.work = work;
    }

    OrderEventType eventType() {
        return eventType;
    }

    long orderId() {
        return orderId;
    }

    Object event() {
        return event;
    }

    Runnable work() {
        return work;
    }

    void record(LocalTxOutcome outcome) {
        this.outcome = outcome;
    }

    /** The work said no; its transaction was rolled back and the caller gets the exception. */
    void refused(RuntimeException refusal) {
        this.refusal = refusal;
    }

    /** The work threw an Error; its transaction was rolled back and the caller gets it. */
    void failed(Error error) {
        this.error = error;
    }

    /** Whether the local transaction ran (it does not when the half message was not stored). */
    boolean ran() {
        return outcome != null || error != null;
    }

    /** The attempt's end as the caller sees it: returned, or thrown. */
    Publication publication() {
        if (error != null) {
            throw error;
        }
        return switch (outcome) {
            case COMMITTED -> Publication.COMMITTED;
            case UNKNOWN -> Publication.UNKNOWN;
            case REFUSED -> throw refusal;
            case EVENT_ALREADY_RECORDED -> throw notPublished(NotPublishedReason.EVENT_ALREADY_RECORDED);
            case ATTEMPT_ROLLED_BACK -> throw notPublished(NotPublishedReason.ATTEMPT_ROLLED_BACK);
            case DATABASE_UNAVAILABLE -> throw notPublished(NotPublishedReason.DATABASE_UNAVAILABLE);
            case FAILED -> throw notPublished(NotPublishedReason.FAILED);
        };
    }

    private NotPublishedException notPublished(NotPublishedReason reason) {
        return new NotPublishedException(orderId, reason, null);
    }
}
