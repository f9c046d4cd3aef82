package dev.eventual.consumer.retention;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * One cleanup call's deletes on one consumer table (docs/retention.md, "How cleaning runs"): status by status, batches
 * of at most {@code batch-size} records, oldest first, until a batch comes back short; no batch starts once
 * {@code budget} is spent, and the next call goes on from there. Which records a batch deletes is the table's own.
 */
public final class CleanupBatches {

    private static final Logger log = LoggerFactory.getLogger(CleanupBatches.class);
    /** Runs of one batch that lost a deadlock before the call fails (503; the next call goes on from there). */
    static final int DEADLOCK_ATTEMPTS = 3;

    private final RetentionProperties retention;
    private final RetentionMeters meters;
    private final TransactionTemplate rowLocksOnly;
    private final Clock clock;

    public CleanupBatches(RetentionProperties retention, RetentionMeters meters, PlatformTransactionManager transactions,
                          Clock clock) {
        this.retention = retention;
        this.meters = meters;
        // READ COMMITTED: a batch's DELETE ... ORDER BY ... LIMIT locks the rows it deletes only. Under REPEATABLE
        // READ it also locks the gap past its last row, where the consumers' new records of that status go
        this.rowLocksOnly = new TransactionTemplate(transactions);
        rowLocksOnly.setIsolationLevel(TransactionDefinition.ISOLATION_READ_COMMITTED);
        this.clock = clock;
    }

    /** One batch: deletes at most {@code limit} records of {@code status} past their retention, oldest first. */
    @FunctionalInterface
    public interface Batch<S> {
        int deleteAtMost(S status, int limit);
    }

    /** @param caughtUp false when the budget stopped the call with more perhaps left */
    public record Done(long removed, boolean caughtUp, int batches) {
    }

    /** Runs the batches, each in its own transaction, counting what they delete in {@code eventual.retention.removed}. */
    public <S> Done run(List<S> statuses, Batch<S> batch) {
        Instant deadline = clock.instant().plus(retention.budget());
        int limit = retention.batchSize();
        long removed = 0;
        int batches = 0;
        for (S status : statuses) {
            int deleted;
            do {
                // the first batch always runs, so that a call makes progress however small its budget
                if (batches > 0 && !clock.instant().isBefore(deadline)) {
                    return new Done(removed, false, batches);
                }
                deleted = deleteOnce(status, batch, limit);
                batches++;
                removed += deleted;
                meters.removed(deleted);
            } while (deleted == limit);
        }
        return new Done(removed, true, batches);
    }

    /**
     * One batch in its own transaction, run again when it lost a deadlock: the consumer's own writes take the same
     * records' locks in the other order (clustered record first), InnoDB rolls back the smaller transaction, the
     * cleanup's, and a soak met it twice a minute (docs/retention.md). The rollback undid the whole batch, so a
     * second run deletes each record once.
     */
    private <S> int deleteOnce(S status, Batch<S> batch, int limit) {
        for (int attempt = 1; ; attempt++) {
            try {
                return rowLocksOnly.execute(transaction -> batch.deleteAtMost(status, limit));
            } catch (PessimisticLockingFailureException lost) {
                if (attempt == DEADLOCK_ATTEMPTS) {
                    throw lost;
                }
                log.info("Retention: a {} batch lost a lock to the consumer's writes (attempt {} of {}), running it again",
                        status, attempt, DEADLOCK_ATTEMPTS);
            }
        }
    }
}
