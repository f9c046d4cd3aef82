package dev.eventual.order.tx;

import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;

/** What happened to a local transaction, and the answer the broker gets for its half message. */
public enum LocalTxOutcome {
    /** Committed: the event must be delivered. */
    COMMITTED(RocketMQLocalTransactionState.COMMIT),
    /** Another request with the same (user, Idempotency-Key) won; nothing of this one remains. */
    DUPLICATE_IDEMPOTENCY_KEY(RocketMQLocalTransactionState.ROLLBACK),
    /** The event's message_log key is taken (a check-back tombstone, or the event already exists). */
    EVENT_ALREADY_RECORDED(RocketMQLocalTransactionState.ROLLBACK),
    /** A guarded update found the order changed since it was read. */
    ORDER_CHANGED(RocketMQLocalTransactionState.ROLLBACK),
    /** Failed before commit and rolled back. */
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
