package dev.eventual.order.core.outbox;

import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;

/** What happened to a local transaction, and the answer the broker gets for its half message. */
public enum LocalTxOutcome {
    /** Committed: the event must be delivered. */
    COMMITTED(RocketMQLocalTransactionState.COMMIT),
    /** Another request with the same (user, Idempotency-Key) won; nothing of this one remains. */
    DUPLICATE_IDEMPOTENCY_KEY(RocketMQLocalTransactionState.ROLLBACK),
    /** The event already exists in message_log (another attempt of it committed first). */
    EVENT_ALREADY_RECORDED(RocketMQLocalTransactionState.ROLLBACK),
    /** A guarded update found the order changed since it was read. */
    ORDER_CHANGED(RocketMQLocalTransactionState.ROLLBACK),
    /** A check-back settled this attempt as rolled back before its local transaction began; nothing was written. */
    ATTEMPT_ROLLED_BACK(RocketMQLocalTransactionState.ROLLBACK),
    /** No database connection could be had, or it broke before commit; nothing was written. */
    DATABASE_UNAVAILABLE(RocketMQLocalTransactionState.ROLLBACK),
    /** Failed before commit for another reason and rolled back. */
    FAILED(RocketMQLocalTransactionState.ROLLBACK),
    /** The commit itself failed: it may or may not have happened; the check-back will tell. */
    UNKNOWN(RocketMQLocalTransactionState.UNKNOWN);

    private final RocketMQLocalTransactionState brokerAnswer;

    LocalTxOutcome(RocketMQLocalTransactionState brokerAnswer) {
        this.brokerAnswer = brokerAnswer;
    }

    public RocketMQLocalTransactionState brokerAnswer() {
        return brokerAnswer;
    }
}
