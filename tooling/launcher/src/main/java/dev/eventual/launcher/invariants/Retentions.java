package dev.eventual.launcher.invariants;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * How long each cleaned table keeps its rows (docs/retention.md), as the checker must know it: a row that retention
 * may have removed is not missing, and a row older than twice its retention means cleaning is behind.
 *
 * @param keep per cleaned table, its retention; every table of {@link #DEFAULTS} is named
 */
public record Retentions(Map<String, Duration> keep) {

    public static final String DEDUCT_LOG = "inventory_deduct_log";
    public static final String NOTICE_LOG = "notice_log";
    /** Finished message_log rows, moved to the history after {@code eventual.reconcile.archive-after}. */
    public static final String MESSAGE_LOG = "message_log";
    public static final String ATTEMPT_BARRIER = "tx_attempt_barrier";
    public static final String HISTORY = "message_log_hist";
    /** RESOLVED work orders (and their audit rows). */
    public static final String WORK_ORDERS = "reconcile_work_order";

    private static final Set<String> TABLES = Set.of(DEDUCT_LOG, NOTICE_LOG, MESSAGE_LOG, ATTEMPT_BARRIER, HISTORY,
            WORK_ORDERS);

    /** The suite's defaults (docs/retention.md, "Per table"). */
    public static final Retentions DEFAULTS = new Retentions(Map.of(
            DEDUCT_LOG, Duration.ofDays(30), NOTICE_LOG, Duration.ofDays(30), MESSAGE_LOG, Duration.ofDays(30),
            ATTEMPT_BARRIER, Duration.ofDays(30), HISTORY, Duration.ofDays(90), WORK_ORDERS, Duration.ofDays(400)));

    public Retentions {
        keep = Map.copyOf(keep);
        if (!keep.keySet().equals(TABLES)) {
            throw new IllegalArgumentException("a retention for each of " + TABLES + ", not " + keep.keySet());
        }
    }

    /** These defaults with some tables' retentions changed. */
    public Retentions with(Map<String, Duration> changed) {
        Map<String, Duration> merged = new LinkedHashMap<>(keep);
        changed.forEach((table, duration) -> {
            if (!keep.containsKey(table)) {
                throw new IllegalArgumentException("no retention is kept for " + table + "; the cleaned tables are "
                        + TABLES);
            }
            merged.put(table, duration);
        });
        return new Retentions(merged);
    }

    public long seconds(String table) {
        return keep.get(table).toSeconds();
    }

    /**
     * Whether a row whose age is counted from {@code ageSeconds} ago may have been cleaned from {@code table}:
     * only a row at least its retention old can have been.
     */
    boolean mayHaveCleaned(String table, long ageSeconds) {
        return ageSeconds >= seconds(table);
    }
}
