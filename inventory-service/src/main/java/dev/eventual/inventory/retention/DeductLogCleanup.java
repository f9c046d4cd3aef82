package dev.eventual.inventory.retention;

import dev.eventual.common.api.CleanupResult;
import dev.eventual.consumer.retention.CleanupBatches;
import dev.eventual.consumer.retention.RetentionFloor;
import dev.eventual.consumer.retention.RetentionMeters;
import dev.eventual.consumer.retention.RetentionProperties;
import dev.eventual.consumer.retention.RetentionTooShortException;
import dev.eventual.inventory.config.InventoryProperties;
import dev.eventual.inventory.deduct.DeductStatus;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;

/**
 * Deletes inventory_deduct_log records untouched for {@code eventual.consumer.retention.keep}, on the reconcile
 * job's call (docs/retention.md, "Cleanup"). An order whose record is gone is refused if an event of it still comes
 * ({@code StockLedger}), so deleting never means a second deduction. Batches of {@code batch-size} per status,
 * oldest first, each one short READ COMMITTED statement on {@code idx_deduct_log_status_updated}, so no lock is
 * held longer than one batch; a call starts no batch after its {@code budget} and leaves the rest to the next
 * ({@link CleanupBatches}).
 */
@Service
public class DeductLogCleanup {

    static final String TABLE = "inventory_deduct_log";

    private static final Logger log = LoggerFactory.getLogger(DeductLogCleanup.class);

    private final DeductLogCleanupMapper records;
    private final RetentionProperties retention;
    private final int maxReconsumeTimes;
    private final RetentionMeters meters;
    private final CleanupBatches batches;

    @Autowired
    DeductLogCleanup(DeductLogCleanupMapper records, RetentionProperties retention, InventoryProperties inventory,
                     MeterRegistry registry, PlatformTransactionManager transactions, ObjectProvider<Clock> clock) {
        this(records, retention, inventory, registry, transactions, clock.getIfAvailable(Clock::systemUTC));
    }

    DeductLogCleanup(DeductLogCleanupMapper records, RetentionProperties retention, InventoryProperties inventory,
                     MeterRegistry registry, PlatformTransactionManager transactions, Clock clock) {
        this.records = records;
        this.retention = retention;
        this.maxReconsumeTimes = inventory.maxReconsumeTimes();
        this.meters = new RetentionMeters(registry, TABLE, retention.keep());
        this.batches = new CleanupBatches(retention, meters, transactions, clock);
    }

    /**
     * @param callerHorizon how long after an event's birth the caller may still re-drive it
     * @throws RetentionTooShortException when the retention is below the floor with that horizon; nothing deleted
     */
    public CleanupResult clean(Duration callerHorizon) {
        Duration floor = RetentionFloor.of(retention.withCallerHorizon(callerHorizon), maxReconsumeTimes);
        if (retention.keep().compareTo(floor) < 0) {
            throw new RetentionTooShortException("eventual.consumer.retention.keep = " + retention.keep()
                    + " is shorter than " + floor + ", the last moment an event can still arrive with the caller's"
                    + " upstream horizon of " + callerHorizon + " (this service's own: " + retention.upstreamHorizon()
                    + "): nothing was deleted. Keep records longer, or shorten the caller's back-off (docs/retention.md)");
        }
        LocalDateTime before = records.now().minus(retention.keep());
        CleanupBatches.Done done = batches.run(List.of(DeductStatus.values()),
                (status, limit) -> records.deleteUntouchedBefore(status, before, limit));
        Duration oldestAge = oldestAge();
        meters.oldest(oldestAge);
        log.info("{}: removed {} records untouched since {} UTC ({} kept), {}; the oldest left is {} old", TABLE,
                done.removed(), before, retention.keep(),
                done.caughtUp() ? "caught up" : "budget " + retention.budget() + " spent, more left",
                oldestAge == null ? "none" : oldestAge);
        return new CleanupResult(TABLE, done.removed(), done.caughtUp(), oldestAge == null ? null : oldestAge.toSeconds(),
                retention.keep().toSeconds());
    }

    /** By one indexed MIN per status; null when the table is empty. */
    private Duration oldestAge() {
        LocalDateTime oldest = null;
        for (DeductStatus status : DeductStatus.values()) {
            LocalDateTime first = records.oldest(status);
            if (first != null && (oldest == null || first.isBefore(oldest))) {
                oldest = first;
            }
        }
        return oldest == null ? null : Duration.between(oldest, records.now());
    }
}
