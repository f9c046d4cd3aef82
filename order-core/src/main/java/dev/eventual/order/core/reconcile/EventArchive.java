package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.shard.OrderShards;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.LocalDateTime;
import java.util.List;

/**
 * order_db's archive, one bounded batch per call on one server, so no long lock is held: finished
 * message_log rows (SUCCESS and SKIPPED) move to that server's message_log_hist, and publish attempts
 * (tx_attempt_barrier) of the same age are deleted. How far and how long to go is the caller's.
 */
@Service
public class EventArchive {

    private final OrderShards shards;
    private final ArchiveMapper archive;
    private final TransactionTemplate transaction;

    EventArchive(OrderShards shards, ArchiveMapper archive, PlatformTransactionManager transactions) {
        this.shards = shards;
        this.archive = archive;
        this.transaction = new TransactionTemplate(transactions);
    }

    /**
     * Moves at most {@code limit} finished rows last changed before {@code cutoff}, oldest first, in one
     * transaction (locked, copied, deleted).
     *
     * @return rows moved; fewer than {@code limit} when none older is left
     */
    public int moveFinished(int server, LocalDateTime cutoff, int limit) {
        return shards.on(server, () -> transaction.execute(status -> {
            List<Long> ids = archive.finishedBefore(cutoff, limit);
            if (ids.isEmpty()) {
                return 0;
            }
            archive.copyToHistory(ids);
            return archive.delete(ids);
        }));
    }

    /** Deletes at most {@code limit} publish attempts created before {@code cutoff}; @return how many. */
    public int deleteAttempts(int server, LocalDateTime cutoff, int limit) {
        return shards.on(server, () -> archive.deleteAttemptsBefore(cutoff, limit));
    }
}
