package dev.eventual.reconcile.retention;

import dev.eventual.order.core.reconcile.EventArchive;
import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.reconcile.config.ReconcileProperties;
import dev.eventual.reconcile.shard.ShardRange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;

/**
 * One shard's run of the retention cleanup (docs/retention.md). On each order_db server the shard works whole
 * ({@link ShardRange#wholeServers}: server s is shard s mod n's), it deletes the archived events (message_log_hist)
 * archived longer ago than {@code history} and the work orders resolved longer ago than {@code resolved-work-orders}
 * with their audit rows, oldest first, in bounded batches through the indexes of migration V12: one short statement
 * per batch of events, one short transaction per batch of work orders, never a long lock. Open work orders are never
 * deleted. It stops starting batches when its budget is spent. Shard 0 then asks inventory-service and notice-service
 * to clean their records ({@link ConsumerCleanups}); a consumer that is down or refuses does not stop the order_db
 * part, which comes first. A server that fails is logged and left for the next run, the others are still worked, and
 * the run then fails with the first failure (the scheduler shows it).
 */
@Service
public class RetentionCleanup {

    private static final Logger log = LoggerFactory.getLogger(RetentionCleanup.class);

    private final OrderShards shards;
    private final EventArchive archive;
    private final WorkOrders workOrders;
    private final ConsumerCleanups consumers;
    private final RetentionProperties retention;
    private final ReconcileProperties reconcile;
    private final RetentionMeters meters;
    private final Clock clock;

    RetentionCleanup(OrderShards shards, EventArchive archive, WorkOrders workOrders, ConsumerCleanups consumers,
                     RetentionProperties retention, ReconcileProperties reconcile, RetentionMeters meters, Clock clock) {
        this.shards = shards;
        this.archive = archive;
        this.workOrders = workOrders;
        this.consumers = consumers;
        this.retention = retention;
        this.reconcile = reconcile;
        this.meters = meters;
        this.clock = clock;
    }

    public RetentionResult run(ShardRange shard) {
        LocalDateTime now = LocalDateTime.now(clock);
        LocalDateTime archivedBefore = now.minus(retention.history());
        LocalDateTime resolvedBefore = now.minus(retention.resolvedWorkOrders());
        long deadline = clock.millis() + retention.budget().toMillis();
        List<Integer> servers = shard.wholeServers(shards.servers());
        Tally tally = new Tally();
        DataAccessException failure = null;
        Duration oldestHistory = null;
        Duration oldestResolved = null;
        for (int server : servers) {
            try {
                tally.caughtUp &= history(server, archivedBefore, deadline, tally);
                tally.caughtUp &= workOrders(server, resolvedBefore, deadline, tally);
                oldestHistory = older(oldestHistory, archive.oldestInHistory(server));
                oldestResolved = older(oldestResolved, workOrders.oldestResolved(server));
            } catch (DataAccessException e) {
                log.warn("Retention: order_db server {} failed, its rows wait for the next run: {}", server, e.toString());
                tally.caughtUp = false;
                failure = failure == null ? e : failure;
            }
        }
        meters.oldest(RetentionMeters.HISTORY, oldestHistory);
        meters.oldest(RetentionMeters.WORK_ORDERS, oldestResolved);
        List<String> consumed = shard.index() == 0
                ? consumers.cleanup(reconcile.redriveHorizon()).stream().map(ConsumerCleanups.Call::summary).toList()
                : List.of();
        RetentionResult result = new RetentionResult(servers, tally.history, tally.workOrders, tally.auditRows,
                tally.caughtUp, consumed);
        log.info("Retention shard {} of {}: {}", shard.index(), shard.total(), result.summary());
        if (failure != null) {
            throw failure;
        }
        return result;
    }

    /** @return false when the budget ended it with rows possibly left */
    private boolean history(int server, LocalDateTime cutoff, long deadline, Tally tally) {
        long deleted = 0;
        boolean caughtUp = false;
        while (!caughtUp && clock.millis() < deadline) {
            int batch = archive.deleteHistory(server, cutoff, retention.batchSize());
            meters.removed(RetentionMeters.HISTORY, batch);
            deleted += batch;
            caughtUp = batch < retention.batchSize();
        }
        tally.history += deleted;
        if (deleted > 0) {
            log.info("Retention: deleted {} archived events (message_log_hist) archived before {} on order_db server {}",
                    deleted, cutoff, server);
        }
        return caughtUp;
    }

    /** @return false when the budget ended it with work orders possibly left */
    private boolean workOrders(int server, LocalDateTime cutoff, long deadline, Tally tally) {
        long deleted = 0;
        long audit = 0;
        boolean caughtUp = false;
        while (!caughtUp && clock.millis() < deadline) {
            WorkOrders.Removed batch = workOrders.deleteResolvedBefore(server, cutoff, retention.batchSize());
            meters.removed(RetentionMeters.WORK_ORDERS, batch.workOrders());
            meters.removed(RetentionMeters.AUDIT, batch.auditRows());
            deleted += batch.workOrders();
            audit += batch.auditRows();
            caughtUp = batch.workOrders() < retention.batchSize();
        }
        tally.workOrders += deleted;
        tally.auditRows += audit;
        if (deleted > 0) {
            log.info("Retention: deleted {} work orders resolved before {} and their {} audit rows on order_db server {}",
                    deleted, cutoff, audit, server);
        }
        return caughtUp;
    }

    private static Duration older(Duration oldest, Optional<Duration> onServer) {
        return onServer.filter(age -> oldest == null || age.compareTo(oldest) > 0).orElse(oldest);
    }

    private static final class Tally {
        long history;
        long workOrders;
        long auditRows;
        boolean caughtUp = true;
    }
}
