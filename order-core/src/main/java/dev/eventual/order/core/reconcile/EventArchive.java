package dev.eventual.order.core.reconcile;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.reconcile.ArchiveMapper.FinishedEvent;
import dev.eventual.order.core.shard.OrderShards;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * order_db's archive, one bounded batch per call on one server, so no long lock is held: finished
 * message_log rows (SUCCESS and SKIPPED) move to that server's message_log_hist, their consumers' reports
 * (message_consumer_status) are deleted with them, and publish attempts (tx_attempt_barrier) of the same age
 * are deleted; archived rows past their retention leave message_log_hist (docs/retention.md). How far and how
 * long to go is the caller's.
 */
@Service
public class EventArchive {

    private final OrderShards shards;
    private final ArchiveMapper archive;
    private final TransactionTemplate transaction;

    EventArchive(OrderShards shards, ArchiveMapper archive, PlatformTransactionManager transactions) {
        this.shards = shards;
        this.archive = archive;
        // READ COMMITTED: row locks only. Under REPEATABLE READ the finished rows' range scan also locks the gap
        // before the first SUCCESS entry of idx_message_log_finished, where every new event's (PENDING, now) entry
        // goes: placements deadlocked against the archive (a soak with archive-after=1m: 2,762 failed orders,
        // tooling/bench/results/2026-11-30-retention-soak-repeatable-read-*), and the deletes by age likewise
        // lock past their last row
        this.transaction = new TransactionTemplate(transactions);
        transaction.setIsolationLevel(TransactionDefinition.ISOLATION_READ_COMMITTED);
    }

    /**
     * Moves at most {@code limit} finished rows last changed before {@code cutoff}, oldest first, in one
     * transaction (locked, copied, their consumers' reports deleted, deleted). The reports go with their event:
     * an archived event is never reconciled again, and order-service records no report for an event no longer in
     * message_log (the report's locking read waits for this transaction and then finds none), so none is left
     * behind or comes back.
     *
     * @return rows moved (fewer than {@code limit} when none older is left) and reports deleted
     */
    public Moved moveFinished(int server, LocalDateTime cutoff, int limit) {
        return shards.on(server, () -> transaction.execute(status -> {
            List<FinishedEvent> events = archive.finishedBefore(cutoff, limit);
            if (events.isEmpty()) {
                return new Moved(0, 0);
            }
            List<Long> ids = events.stream().map(FinishedEvent::id).toList();
            archive.copyToHistory(ids);
            Map<OrderEventType, List<Long>> ordersByType = new EnumMap<>(OrderEventType.class);
            events.forEach(event -> ordersByType.computeIfAbsent(event.eventType(), type -> new ArrayList<>())
                    .add(event.orderId()));
            int reports = 0;
            for (Map.Entry<OrderEventType, List<Long>> ofType : ordersByType.entrySet()) {
                reports += archive.deleteConsumerStatuses(ofType.getKey(), ofType.getValue());
            }
            return new Moved(archive.delete(ids), reports);
        }));
    }

    /** Deletes at most {@code limit} publish attempts created before {@code cutoff}; @return how many. */
    public int deleteAttempts(int server, LocalDateTime cutoff, int limit) {
        return shards.on(server, () -> transaction.execute(status -> archive.deleteAttemptsBefore(cutoff, limit)));
    }

    /**
     * Deletes at most {@code limit} archived events archived before {@code cutoff}, oldest first, in one
     * statement.
     *
     * @return how many; fewer than {@code limit} when none older is left
     */
    public int deleteHistory(int server, LocalDateTime cutoff, int limit) {
        return shards.on(server, () -> transaction.execute(status -> archive.deleteHistoryBefore(cutoff, limit)));
    }

    /** How long ago the oldest archived event left on {@code server} was archived; empty when none is. */
    public Optional<Duration> oldestInHistory(int server) {
        return Optional.ofNullable(shards.on(server, archive::oldestHistorySeconds)).map(Duration::ofSeconds);
    }

    /**
     * One batch of the move.
     *
     * @param events          message_log rows moved to message_log_hist
     * @param consumerReports their message_consumer_status rows deleted
     */
    public record Moved(int events, int consumerReports) {
    }
}
