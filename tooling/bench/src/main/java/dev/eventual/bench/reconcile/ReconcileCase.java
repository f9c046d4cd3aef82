package dev.eventual.bench.reconcile;

/**
 * One backlog worked off by one or two shards running side by side.
 *
 * @param rowsPerSecond         rows / wall time until every shard found nothing due
 * @param rowsPerSecondPerShard rowsPerSecond / shards
 * @param retried               rows scheduled for a retry (should be 10% in the retry case)
 * @param leftDue               rows still due afterwards (should be 0)
 * @param pageReadsPerRow       InnoDB pages read from outside the buffer pool during the run, per row: a work
 *                              counter that says whether the backlog's working set fits the database's memory
 */
public record ReconcileCase(int rows, String backlog, int shards, double seedSeconds, double seconds,
                            double rowsPerSecond, double rowsPerSecondPerShard, long succeeded, long retried,
                            long leftDue, double pageReadsPerRow) {
}
