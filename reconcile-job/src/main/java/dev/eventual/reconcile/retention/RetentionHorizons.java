package dev.eventual.reconcile.retention;

import dev.eventual.reconcile.config.ReconcileProperties;
import org.springframework.stereotype.Component;

/**
 * reconcile-job refuses to start with horizons that contradict each other (docs/retention.md):
 * <ul>
 *   <li>{@code eventual.reconcile.archive-after} must be longer than reconciliation's re-drive horizon
 *       ({@link ReconcileProperties#redriveHorizon()}): the archive deletes an event's consumer reports with it, and
 *       the consumers size their retention from the same horizon, so an event reconciliation may still re-drive must
 *       never be archived;</li>
 *   <li>{@code eventual.reconcile.retention.history} must not be shorter than {@code archive-after}: the archive keeps
 *       a finished event at least as long as message_log kept it, so a history shorter than the archive's own wait
 *       is a mistake in the configuration, not a choice.</li>
 * </ul>
 */
@Component
class RetentionHorizons {

    RetentionHorizons(ReconcileProperties reconcile, RetentionProperties retention) {
        check(reconcile, retention);
    }

    /** @throws IllegalStateException naming the properties, their values and what to change */
    static void check(ReconcileProperties reconcile, RetentionProperties retention) {
        if (reconcile.redriveHorizon().compareTo(reconcile.archiveAfter()) >= 0) {
            throw new IllegalStateException("eventual.reconcile.archive-after = " + reconcile.archiveAfter()
                    + " is not longer than reconciliation's re-drive horizon " + reconcile.redriveHorizon()
                    + ": the back-off " + reconcile.backoff() + " over max-retries " + reconcile.maxRetries()
                    + ", stretched by jitter " + reconcile.jitter() + ", + claim-lease " + reconcile.claimLease()
                    + " + takeover-grace " + reconcile.takeoverGrace()
                    + ". An event could be archived, its consumers' reports deleted, while reconciliation may still"
                    + " re-drive it. Archive later, or shorten the back-off (docs/retention.md)");
        }
        if (retention.history().compareTo(reconcile.archiveAfter()) < 0) {
            throw new IllegalStateException("eventual.reconcile.retention.history = " + retention.history()
                    + " is shorter than eventual.reconcile.archive-after = " + reconcile.archiveAfter()
                    + ": message_log_hist would keep an event for less time than it waited to be archived."
                    + " Keep the history at least as long (docs/retention.md)");
        }
    }
}
