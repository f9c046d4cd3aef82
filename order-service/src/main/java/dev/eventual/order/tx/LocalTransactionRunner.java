package dev.eventual.order.tx;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.DefaultTransactionDefinition;

/**
 * Runs a {@link LocalOrderTransaction} and tells apart the three outcomes the broker must hear
 * truthfully: committed, surely not committed, and unknown (the commit call itself failed).
 * Programmatic, because a declarative {@code @Transactional} hides exactly that distinction.
 */
@Component
public class LocalTransactionRunner {

    private static final Logger log = LoggerFactory.getLogger(LocalTransactionRunner.class);

    private final PlatformTransactionManager transactionManager;

    public LocalTransactionRunner(PlatformTransactionManager transactionManager) {
        this.transactionManager = transactionManager;
    }

    public LocalTxOutcome run(long orderId, LocalOrderTransaction work, String brokerTransactionId) {
        TransactionStatus status = transactionManager.getTransaction(new DefaultTransactionDefinition());
        LocalTxOutcome outcome;
        try {
            outcome = work.execute(brokerTransactionId);
        } catch (DuplicateKeyException e) {
            outcome = classify(e);
            log.info("Order {}: local transaction refused by a unique key ({})", orderId, outcome);
        } catch (RuntimeException e) {
            outcome = LocalTxOutcome.FAILED;
            log.warn("Order {}: local transaction failed before commit: {}", orderId, e.toString());
        }
        if (outcome != LocalTxOutcome.COMMITTED) {
            rollbackQuietly(orderId, status);
            return outcome;
        }
        try {
            transactionManager.commit(status);
            return LocalTxOutcome.COMMITTED;
        } catch (RuntimeException e) {
            log.warn("Order {}: commit outcome unknown, leaving it to the check-back: {}", orderId, e.toString());
            return LocalTxOutcome.UNKNOWN;
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

    private void rollbackQuietly(long orderId, TransactionStatus status) {
        try {
            transactionManager.rollback(status);
        } catch (RuntimeException e) {
            // the connection is gone: the server rolls back an uncommitted transaction by itself
            log.warn("Order {}: rollback failed: {}", orderId, e.toString());
        }
    }
}
