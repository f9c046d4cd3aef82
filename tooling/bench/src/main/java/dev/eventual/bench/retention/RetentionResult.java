package dev.eventual.bench.retention;

import java.util.List;
import java.util.Map;

/**
 * Section {@code retention} (issue 42): a soak at a fixed order rate with every retention set to minutes, the row
 * count of each table over it, what each table costs per million orders, and how fast each cleanup deletes.
 *
 * @param ordersPerSecond the soak's fixed rate, as placed
 * @param soakSeconds     how long orders were placed
 * @param flatFromSeconds the samples from this second on are judged for flatness: every retention has passed once
 * @param orders          orders placed (201)
 * @param errors          orders not placed
 * @param samples         row counts per table, every sample interval
 * @param flatness        per table, its counts over the judged samples
 * @param sizes           per table, rows per order and bytes per row, at the end of the soak
 * @param cleanups        per cleaned table, how fast its cleanup deleted a backlog of rows past their retention
 * @param cleanupCost     the cleanup's cost to the order path, in blocks; null with --retention-cost-blocks=0
 */
public record RetentionResult(double ordersPerSecond, double soakSeconds, double flatFromSeconds, long orders,
                              long errors, List<Sample> samples, List<Flatness> flatness, List<TableSize> sizes,
                              List<CleanupRate> cleanups, CleanupCost cleanupCost) {

    /** @param rows per table, its COUNT(*) (order_db's summed over its servers) */
    public record Sample(double seconds, Map<String, Long> rows) {
    }

    /**
     * @param growth the judged samples' second half's mean over their first half's
     * @param flat   whether the growth is at most 1 + {@code tolerance}, or the table is kept for ever by design
     *               ({@code keptForEver}) and judged by nothing
     */
    public record Flatness(String table, long min, long max, double mean, double growth, double tolerance,
                           boolean keptForEver, boolean flat) {
    }

    /**
     * @param rows          COUNT(*) at the end of the soak
     * @param rowsPerOrder  rows per distinct order in the table
     * @param bytesPerRow   InnoDB's data + index length (after ANALYZE TABLE) over the rows: pages as stored,
     *                      free space left by the cleanup's deletes included
     * @param mbPerMillionOrders rows per order x bytes per row x 1,000,000, in MiB
     */
    public record TableSize(String table, long rows, double rowsPerOrder, double bytesPerRow,
                            double mbPerMillionOrders) {
    }

    /**
     * @param rows          rows past their retention deleted
     * @param seconds       how long they took (for the job's table: from its first batch seen done to the last)
     * @param rowsPerSecond over that time (for the job's table: the rows left after its first batch)
     */
    public record CleanupRate(String table, long rows, double seconds, double rowsPerSecond) {
    }
}
