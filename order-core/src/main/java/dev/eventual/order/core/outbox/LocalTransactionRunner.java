package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderEventType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import dev.eventual.web.DatabaseFailures;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.DefaultTransactionDefinition;

/**
 * Runs a {@link LocalOrderTransaction} for one publish attempt and tells apart the outcomes the
 * broker and the client must hear truthfully: committed; surely not committed, and why (a unique
 * key, a changed order, a check-back that got there first, the database unreachable, another
 * failure); and unknown (the commit call itself failed). Programmatic, because a declarative
 * {@code @Transactional} hides exactly those distinctions.
 */
@Component
public class LocalTransactionRunner {

    private static final Logger log = LoggerFactory.getLogger(LocalTransactionRunner.class);

    private final PlatformTransactionManager transactionManager;
    private final AttemptBarrier barrier;

    public LocalTransactionRunner(PlatformTransactionManager transactionManager, AttemptBarrier barrier) {
        this.transactionManager = transactionManager;
        this.barrier = barrier;
    }

    /**
     * @param transactionId the broker transaction id of this attempt: its barrier key
     * @throws Error an Error from the work, after the transaction was rolled back
     */
    public LocalTxOutcome run(long orderId, OrderEventType eventType, String transactionId, LocalOrderTransaction work) {
        if (transactionId == null || transactionId.isBlank()) {
            log.error("Order {}: {} attempt without a broker transaction id; not written", orderId, eventType);
            return LocalTxOutcome.FAILED;
        }
        TransactionStatus status;
        try {
            status = transactionManager.getTransaction(new DefaultTransactionDefinition());
        } catch (CannotCreateTransactionException e) {
            log.warn("Order {}: {} not written: no database connection: {}", orderId, eventType, rootCause(e));
            return LocalTxOutcome.DATABASE_UNAVAILABLE;
        }
        LocalTxOutcome outcome;
        try {
            outcome = enterBarrier(orderId, eventType, transactionId);
            if (outcome == LocalTxOutcome.COMMITTED) {
                outcome = work.execute(transactionId);
            }
        } catch (DuplicateKeyException e) {
            outcome = classify(e);
            log.info("Order {}: {} refused by a unique key ({})", orderId, eventType, outcome);
        } catch (RuntimeException e) {
            if (DatabaseFailures.unreachable(e)) {
                outcome = LocalTxOutcome.DATABASE_UNAVAILABLE;
                log.warn("Order {}: {} not written: the database connection failed before commit: {}", orderId, eventType,
                        rootCause(e));
            } else {
                outcome = LocalTxOutcome.FAILED;
                log.warn("Order {}: {} failed before commit: {}", orderId, eventType, e.toString());
            }
        } catch (Error e) {
            log.error("Order {}: {} failed before commit with {}; rolled back", orderId, eventType, e.toString());
            rollbackQuietly(orderId, status);
            throw e;
        }
        if (outcome != LocalTxOutcome.COMMITTED) {
            rollbackQuietly(orderId, status);
            return outcome;
        }
        try {
            transactionManager.commit(status);
            return LocalTxOutcome.COMMITTED;
        } catch (RuntimeException e) {
            log.warn("Order {}: {} commit outcome unknown, leaving it to the check-back: {}", orderId, eventType, e.toString());
            return LocalTxOutcome.UNKNOWN;
        }
    }

    private LocalTxOutcome enterBarrier(long orderId, OrderEventType eventType, String transactionId) {
        try {
            barrier.enter(transactionId, orderId, eventType);
            return LocalTxOutcome.COMMITTED;
        } catch (DuplicateKeyException e) {
            log.info("Order {}: {} attempt {} was already rolled back by a check-back; not written", orderId, eventType,
                    transactionId);
            return LocalTxOutcome.ATTEMPT_ROLLED_BACK;
        }
    }

    private static LocalTxOutcome classify(DuplicateKeyException e) {
        String message = String.valueOf(e.getMostSpecificCause().getMessage());
        if (message.contains("uk_order_user_idempotency")) {
            return LocalTxOutcome.DUPLICATE_IDEMPOTENCY_KEY;
        }
        if (message.contains("uk_message_log_order_event")) {
            return LocalTxOutcome.EVENT_ALREADY_RECORDED;
        }
        return LocalTxOutcome.FAILED;
    }

    private static String rootCause(Exception e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.toString();
    }

    private void rollbackQuietly(long orderId, TransactionStatus status) {
        try {
            transactionManager.rollback(status);
        } catch (RuntimeException e) {
            // the connection is gone: the server rolls back an uncommitted transaction by itself
            log.warn("Order {}: rollback failed: {}", orderId, e.toString());
        }
    }
}
