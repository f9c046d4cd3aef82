package dev.eventual.reconcile.run;

/**
 * Counts of one shard's run.
 *
 * @param deferred      rows put back without counting a retry because a downstream service could not be asked
 * @param takenOver     rows of them found in other shards' ranges, overdue by more than the takeover grace
 * @param budgetReached true when the time budget ended the run with rows possibly left for the next one
 */
public record RunResult(int scanned, int claimed, int succeeded, int retried, int escalated, int deferred,
                        int takenOver, boolean budgetReached) {

    public String summary() {
        return "scanned " + scanned + ", claimed " + claimed + ", reconciled " + succeeded + ", retried " + retried
                + ", work orders " + escalated + ", deferred " + deferred
                + (takenOver > 0 ? ", taken over " + takenOver : "") + (budgetReached ? ", budget reached" : "");
    }
}
