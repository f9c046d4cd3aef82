package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderEventType;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * Answers the broker's transaction check for one publish attempt exactly, never by guessing from
 * statuses (docs/check-back.md), through {@link AttemptBarrier}:
 * <ul>
 *   <li>the attempt never committed: it is settled ROLLED_BACK now and can never commit → ROLLBACK;</li>
 *   <li>the attempt committed → COMMIT; an earlier check settled it ROLLED_BACK → ROLLBACK again;</li>
 *   <li>still in flight after the lock wait, the database unreachable, or no transaction id → UNKNOWN,
 *       and the broker asks again later.</li>
 * </ul>
 * Another attempt of the same event never changes the answer: each attempt has its own row.
 */
@Component
class CheckBack {

    private static final Logger log = LoggerFactory.getLogger(CheckBack.class);

    private final AttemptBarrier barrier;

    CheckBack(AttemptBarrier barrier) {
        this.barrier = barrier;
    }

    /**
     * Whether a rolled-back attempt's event was still recorded by another attempt of it (the broker fallback's):
     * then the order lives on, and what an edge reserved for it stays. When that cannot be told within the lock
     * wait, or the database does not answer, it counts as recorded: keeping a reservation too long is repaired
     * (the gate's counts are rebuilt, docs/stock-gate.md), giving back one that an order holds is not.
     */
    boolean eventRecordedByAnotherAttempt(long orderId, OrderEventType eventType) {
        try {
            return barrier.eventRecorded(orderId, eventType);
        } catch (DataAccessException e) {
            log.warn("Order {}: could not tell whether another attempt recorded {}; keeping what was reserved: {}",
                    orderId, eventType, e.toString());
            return true;
        }
    }

    public RocketMQLocalTransactionState answer(long orderId, OrderEventType eventType, String transactionId) {
        if (transactionId == null || transactionId.isBlank()) {
            log.error("Order {}: check-back for {} carries no transaction id; UNKNOWN", orderId, eventType);
            return RocketMQLocalTransactionState.UNKNOWN;
        }
        try {
            Optional<AttemptOutcome> outcome = barrier.settle(transactionId, orderId, eventType);
            if (outcome.isEmpty()) {
                log.warn("Order {}: check-back for {} attempt {} settled nothing and found nothing; UNKNOWN",
                        orderId, eventType, transactionId);
                return RocketMQLocalTransactionState.UNKNOWN;
            }
            RocketMQLocalTransactionState answer = outcome.get() == AttemptOutcome.COMMITTED
                    ? RocketMQLocalTransactionState.COMMIT : RocketMQLocalTransactionState.ROLLBACK;
            log.info("Order {}: check-back for {} attempt {}: {}, answered {}", orderId, eventType, transactionId,
                    outcome.get(), answer);
            return answer;
        } catch (PessimisticLockingFailureException e) {
            log.info("Order {}: check-back for {} attempt {}: its local transaction is still in flight; UNKNOWN",
                    orderId, eventType, transactionId);
            return RocketMQLocalTransactionState.UNKNOWN;
        } catch (DataAccessException e) {
            log.warn("Order {}: check-back for {} attempt {} could not reach the database; UNKNOWN: {}", orderId, eventType,
                    transactionId, e.toString());
            return RocketMQLocalTransactionState.UNKNOWN;
        }
    }
}
