package dev.eventual.order.tx;

/**
 * Why a publish attempt did not commit, named the same way in the metric reason and the log line (and,
 * at the web edge, in the problem type). The client may retry every one.
 */
public enum PublishFailure {
    BROKER_UNAVAILABLE("broker_unavailable",
            "the broker did not store the half message; nothing was written"),
    DATABASE_UNAVAILABLE("database_unavailable", "no database connection could be had; nothing was written"),
    ATTEMPT_ROLLED_BACK("attempt_rolled_back",
            "the broker's check-back rolled this attempt back before its database transaction began;"
                    + " nothing was written"),
    LOCAL_TRANSACTION_FAILED("local_transaction_failed",
            "the database transaction failed and was rolled back; nothing was written"),
    OUTCOME_UNKNOWN("outcome_unknown", "the database commit did not answer: it may or may not have happened");

    private final String reason;
    private final String cause;

    PublishFailure(String reason, String cause) {
        this.reason = reason;
        this.cause = cause;
    }

    /** For a local transaction that did not commit and has no answer of its own for the client. */
    public static PublishFailure of(LocalTxOutcome outcome) {
        return switch (outcome) {
            case DATABASE_UNAVAILABLE -> DATABASE_UNAVAILABLE;
            case ATTEMPT_ROLLED_BACK -> ATTEMPT_ROLLED_BACK;
            case UNKNOWN -> OUTCOME_UNKNOWN;
            case FAILED, EVENT_ALREADY_RECORDED, ORDER_CHANGED, DUPLICATE_IDEMPOTENCY_KEY -> LOCAL_TRANSACTION_FAILED;
            case COMMITTED -> throw new IllegalArgumentException("a committed attempt did not fail");
        };
    }

    /** The metric reason and log word. */
    public String reason() {
        return reason;
    }

    /** What did not happen at the broker or in the database, for the client. */
    String cause() {
        return cause;
    }
}
