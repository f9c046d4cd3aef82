package dev.eventual.order.publish;

import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedReason;
import dev.eventual.order.config.OrderRejection;

/**
 * Why a publish attempt did not commit, named the same way in the metric reason and the log line (and,
 * at the web edge, in the problem type). The client may retry every one.
 */
public enum PublishFailure {
    BROKER_UNAVAILABLE(OrderRejection.BROKER_UNAVAILABLE,
            "the broker did not store the half message; nothing was written"),
    DATABASE_UNAVAILABLE(OrderRejection.DATABASE_UNAVAILABLE, "no database connection could be had; nothing was written"),
    ATTEMPT_ROLLED_BACK(OrderRejection.ATTEMPT_ROLLED_BACK,
            "the broker's check-back rolled this attempt back before its database transaction began;"
                    + " nothing was written"),
    LOCAL_TRANSACTION_FAILED(OrderRejection.LOCAL_TRANSACTION_FAILED,
            "the database transaction failed and was rolled back; nothing was written"),
    OUTCOME_UNKNOWN(OrderRejection.OUTCOME_UNKNOWN, "the database commit did not answer: it may or may not have happened");

    private final OrderRejection rejection;
    private final String cause;

    PublishFailure(OrderRejection rejection, String cause) {
        this.rejection = rejection;
        this.cause = cause;
    }

    /** For a publication that surely did not commit and has no answer of its own for the client. */
    public static PublishFailure of(NotPublishedReason reason) {
        return switch (reason) {
            case BROKER_UNAVAILABLE -> BROKER_UNAVAILABLE;
            case DATABASE_UNAVAILABLE -> DATABASE_UNAVAILABLE;
            case ATTEMPT_ROLLED_BACK -> ATTEMPT_ROLLED_BACK;
            case EVENT_ALREADY_RECORDED, FAILED -> LOCAL_TRANSACTION_FAILED;
        };
    }

    /** The metric reason; its tag is the log word. */
    public OrderRejection rejection() {
        return rejection;
    }

    /** The log word, and the reason of {@code eventual.orders.cancel.rejected}. */
    public String reason() {
        return rejection.tag();
    }

    /** What did not happen at the broker or in the database, for the client. */
    String cause() {
        return cause;
    }
}
