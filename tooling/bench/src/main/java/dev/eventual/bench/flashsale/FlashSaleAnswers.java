package dev.eventual.bench.flashsale;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * Every answer of a flash-sale load, one per order in the order they were taken: its outcome, HTTP
 * status and latency (send to answer); and the wall time from the first send to the last answer.
 */
public final class FlashSaleAnswers {

    private final FlashSaleOutcome[] outcomes;
    private final int[] statuses;
    private final long[] latencyNanos;
    private final long wallNanos;

    public FlashSaleAnswers(FlashSaleOutcome[] outcomes, int[] statuses, long[] latencyNanos, long wallNanos) {
        if (outcomes.length != statuses.length || outcomes.length != latencyNanos.length) {
            throw new IllegalArgumentException("one outcome, status and latency per answer");
        }
        this.outcomes = outcomes.clone();
        this.statuses = statuses.clone();
        this.latencyNanos = latencyNanos.clone();
        this.wallNanos = wallNanos;
    }

    public int size() {
        return outcomes.length;
    }

    public long wallNanos() {
        return wallNanos;
    }

    public long count(FlashSaleOutcome outcome) {
        return IntStream.range(0, outcomes.length).filter(i -> outcomes[i] == outcome).count();
    }

    /** The latencies of the answers with this outcome, in nanoseconds. */
    public long[] latencies(FlashSaleOutcome outcome) {
        return IntStream.range(0, outcomes.length).filter(i -> outcomes[i] == outcome)
                .mapToLong(i -> latencyNanos[i]).toArray();
    }

    /** The answers that were neither an order nor a refusal, by status ("0": no answer): what went wrong. */
    public Map<String, Long> otherStatuses() {
        Map<String, Long> counts = new TreeMap<>();
        for (int i = 0; i < outcomes.length; i++) {
            if (outcomes[i] == FlashSaleOutcome.OTHER) {
                counts.merge(Integer.toString(statuses[i]), 1L, Long::sum);
            }
        }
        return counts;
    }
}
