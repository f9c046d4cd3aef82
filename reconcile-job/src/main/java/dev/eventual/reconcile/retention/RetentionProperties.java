package dev.eventual.reconcile.retention;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * {@code eventual.reconcile.retention.*}: how long order_db keeps what the archive and the work orders leave behind,
 * and how reconcile-job's retention cleanup goes about deleting it (docs/retention.md). The cleanup also asks
 * inventory-service and notice-service to clean their own records, which keep them as long as their
 * {@code eventual.consumer.retention.keep} says.
 *
 * @param history            an archived event (message_log_hist) is deleted this long after it was archived, that is
 *                           {@code eventual.reconcile.archive-after} plus this after it was finished: 90 days, so the
 *                           order's story and the checker still see every event a month-old order can still be asked
 *                           about. Not shorter than {@code archive-after}, or the job refuses to start
 * @param resolvedWorkOrders a resolved work order and its audit rows are deleted this long after it was resolved: 400
 *                           days, so what a person decided stays on record for more than a year (a yearly audit
 *                           finds it). Open work orders are never deleted
 * @param batchSize          rows per statement (archived events) or per transaction (work orders, with their audit)
 * @param interval           how often the built-in scheduler runs the cleanup when no XXL-Job admin is configured
 *                           (with one, {@code retentionCleanupJob}'s schedule in the admin says)
 * @param budget             a run stops starting batches after this and leaves the rest to the next run; raise it, or
 *                           run more often, when {@code eventual.retention.oldest.age} climbs
 */
@Validated
@ConfigurationProperties("eventual.reconcile.retention")
public record RetentionProperties(
        @DefaultValue("90d") Duration history,
        @DefaultValue("400d") Duration resolvedWorkOrders,
        @DefaultValue("1000") @Min(1) @Max(10_000) int batchSize,
        @DefaultValue("1h") Duration interval,
        @DefaultValue("5m") Duration budget) {

    public RetentionProperties {
        for (Duration positive : new Duration[] {history, resolvedWorkOrders, interval, budget}) {
            if (positive.isNegative() || positive.isZero()) {
                throw new IllegalArgumentException("eventual.reconcile.retention: history, resolved-work-orders, interval"
                        + " and budget must be positive, were " + history + ", " + resolvedWorkOrders + ", " + interval
                        + ", " + budget);
            }
        }
    }
}
