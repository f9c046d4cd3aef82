package dev.eventual.order.core.outbox;

import dev.eventual.order.core.outbox.OrderOutbox.Publication;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.database.DatabaseFailures;
import dev.eventual.order.core.status.MessageStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.DefaultTransactionDefinition;

/**
 * Runs one publish attempt's local transaction: the barrier row, the event's message_log row, then
 * the use case's work, and tells apart the outcomes the broker and the caller must hear truthfully:
 * committed; surely not committed, and why (the work refused, the event already recorded, a check-back
 * that got there first, the database unreachable or failing); and unknown (the commit call itself
 * failed). Which write failed says what a unique key meant. Programmatic, because a declarative
 * {@code @Transactional} hides exactly those distinctions.
 */
@Component
class LocalTransactionRunner implements OrderOutbox.LocalTransactions {

    private static final Logger log = LoggerFactory.getLogger(LocalTransactionRunner.class);

    private final PlatformTransactionManager transactionManager;
    private final AttemptBarrier barrier;
    private final MessageLogMapper messageLog;
    private final MessageLogRows rows;

    LocalTransactionRunner(PlatformTransactionManager transactionManager, AttemptBarrier barrier,
                           MessageLogMapper messageLog, MessageLogRows rows) {
        this.transactionManager = transactionManager;
        this.barrier = barrier;
        this.messageLog = messageLog;
        this.rows = rows;
    }

    /**
     * One attempt without a half message, under the given id: the benchmark's comparison modes.
     * Returns and throws as {@link OrderOutbox#publish} does.
     */
    @Override
    public Publication run(OrderEventType eventType, long orderId, Object event, String transactionId, Runnable work) {
        PublishAttempt attempt = new PublishAttempt(eventType, orderId, event, work);
        try {
            attempt.record(run(attempt, transactionId, OrderOutbox.NEW_EVENT_STATUS));
        } catch (Error e) {
            attempt.failed(e);
        }
        return attempt.publication();
    }

    /**
     * @param transactionId the broker transaction id of this attempt, or the fallback's own id: its barrier key
     * @param eventStatus   the event row's message status: SENT beside a stored half message, WAITING for the relay
     * @throws Error an Error from the work, after the transaction was rolled back
     */
    LocalTxOutcome run(PublishAttempt attempt, String transactionId, MessageStatus eventStatus) {
        long orderId = attempt.orderId();
        OrderEventType eventType = attempt.eventType();
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
            outcome = write(attempt, transactionId, eventStatus);
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

    private LocalTxOutcome write(PublishAttempt attempt, String transactionId, MessageStatus eventStatus) {
        long orderId = attempt.orderId();
        OrderEventType eventType = attempt.eventType();
        try {
            barrier.enter(transactionId, orderId, eventType);
        } catch (DuplicateKeyException e) {
            log.info("Order {}: {} attempt {} was already rolled back by a check-back; not written", orderId, eventType,
                    transactionId);
            return LocalTxOutcome.ATTEMPT_ROLLED_BACK;
        } catch (RuntimeException e) {
            return databaseFailure(orderId, eventType, e);
        }
        try {
            messageLog.insert(rows.newEvent(orderId, eventType, attempt.event(), transactionId, eventStatus));
        } catch (DuplicateKeyException e) {
            log.info("Order {}: {} already recorded by another attempt; not written", orderId, eventType);
            return LocalTxOutcome.EVENT_ALREADY_RECORDED;
        } catch (RuntimeException e) {
            return databaseFailure(orderId, eventType, e);
        }
        try {
            attempt.work().run();
            return LocalTxOutcome.COMMITTED;
        } catch (RuntimeException e) {
            if (DatabaseFailures.unreachable(e) || (e instanceof DataAccessException && !(e instanceof DuplicateKeyException))) {
                return databaseFailure(orderId, eventType, e);
            }
            log.info("Order {}: {} refused by its work ({}); rolled back", orderId, eventType, e.toString());
            attempt.refused(e);
            return LocalTxOutcome.REFUSED;
        }
    }

    private static LocalTxOutcome databaseFailure(long orderId, OrderEventType eventType, RuntimeException e) {
        if (DatabaseFailures.unreachable(e)) {
            log.warn("Order {}: {} not written: the database connection failed before commit: {}", orderId, eventType,
                    rootCause(e));
            return LocalTxOutcome.DATABASE_UNAVAILABLE;
        }
        log.warn("Order {}: {} failed before commit: {}", orderId, eventType, e.toString());
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
