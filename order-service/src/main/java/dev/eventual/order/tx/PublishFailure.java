package dev.eventual.order.tx;

import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.web.ApiProblemException;
import org.springframework.http.HttpStatus;

import java.net.URI;

/**
 * Why a publish attempt did not commit, named the same way in the problem type, the metric reason and
 * the log line. Every one is a 503: the client may retry.
 */
public enum PublishFailure {
    BROKER_UNAVAILABLE("broker_unavailable", ProblemTypes.BROKER_UNAVAILABLE, "Broker unavailable",
            "the broker did not store the half message; nothing was written"),
    DATABASE_UNAVAILABLE("database_unavailable", ProblemTypes.DATABASE_UNAVAILABLE, "Database unavailable",
            "no database connection could be had; nothing was written"),
    ATTEMPT_ROLLED_BACK("attempt_rolled_back", ProblemTypes.DEPENDENCY_UNAVAILABLE, "Attempt rolled back",
            "the broker's check-back rolled this attempt back before its database transaction began; nothing was written"),
    LOCAL_TRANSACTION_FAILED("local_transaction_failed", ProblemTypes.DEPENDENCY_UNAVAILABLE, "Local transaction failed",
            "the database transaction failed and was rolled back; nothing was written"),
    OUTCOME_UNKNOWN("outcome_unknown", ProblemTypes.OUTCOME_UNKNOWN, "Outcome unknown",
            "the database commit did not answer: it may or may not have happened");

    private final String reason;
    private final URI type;
    private final String title;
    private final String cause;

    PublishFailure(String reason, URI type, String title, String cause) {
        this.reason = reason;
        this.type = type;
        this.title = title;
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

    /** @param what what did not happen, e.g. "the order was not placed"; advice what the client should do next */
    public ApiProblemException problem(String what, String advice) {
        return new ApiProblemException(HttpStatus.SERVICE_UNAVAILABLE, type, title, what + ": " + cause + "; " + advice);
    }
}
