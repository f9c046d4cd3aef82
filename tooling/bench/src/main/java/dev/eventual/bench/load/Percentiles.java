package dev.eventual.bench.load;

import java.util.Arrays;

/**
 * Nearest-rank percentiles over every recorded sample (no histogram buckets, no interpolation): the
 * p-th percentile is the smallest sample with at least p% of the samples at or below it.
 */
public final class Percentiles {

    private final long[] sorted;

    public Percentiles(long[] samples) {
        this.sorted = samples.clone();
        Arrays.sort(this.sorted);
    }

    public int count() {
        return sorted.length;
    }

    /** @param percent in (0, 100] */
    public long at(double percent) {
        if (percent <= 0 || percent > 100) {
            throw new IllegalArgumentException("percentile must be in (0, 100]: " + percent);
        }
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return sorted[Math.max(rank, 1) - 1];
    }

    public long max() {
        return sorted.length == 0 ? 0 : sorted[sorted.length - 1];
    }
}
