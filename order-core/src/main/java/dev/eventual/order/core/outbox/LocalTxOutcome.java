package dev.eventual.order.core.outbox;

import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;

/**
 * How one attempt's local transaction ended, the answer the broker gets for its half message, and the
 * tag of {@code eventual.order.local-transactions{outcome}}.
 */
enum LocalTxOutcome {
    /** Committed: the event must be delivered. */
    COMMITTED(RocketMQLocalTransactionState.COMMIT),
    /** The work refused (an exception of its own, or a unique key of its writes); nothing of it remains. */
    REFUSED(RocketMQLocalTransactionState.ROLLBACK),
    /** The event already exists in message_log (another attempt of it committed first). */
    EVENT_ALREADY_RECORDED(RocketMQLocalTransactionState.ROLLBACK),
    /** A check-back settled this attempt as rolled back before its local transaction began; nothing was written. */
    ATTEMPT_ROLLED_BACK(RocketMQLocalTransactionState.ROLLBACK),
    /** No database connection could be had, or it broke before commit; nothing was written. */
    DATABASE_UNAVAILABLE(RocketMQLocalTransactionState.ROLLBACK),
    /** The database failed the transaction for another reason, and it was rolled back. */
    FAILED(RocketMQLocalTransactionState.ROLLBACK),
    /** The commit itself failed: it may or may not have happened; the check-back will tell. */
    UNKNOWN(RocketMQLocalTransactionState.UNKNOWN);

    private final RocketMQLocalTransactionState brokerAnswer;

    LocalTxOutcome(RocketMQLocalTransactionState brokerAnswer) {
        this.brokerAnswer = brokerAnswer;
    }

    RocketMQLocalTransactionState brokerAnswer() {
        return brokerAnswer;
    }
}
