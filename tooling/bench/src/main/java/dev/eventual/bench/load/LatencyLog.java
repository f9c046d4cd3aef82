package dev.eventual.bench.load;

import java.util.Arrays;

/** Per-thread growable array of samples: no locking and no boxing on the measuring path. */
final class LatencyLog {

    private long[] samples = new long[4096];
    private int size;

    void add(long sample) {
        if (size == samples.length) {
            samples = Arrays.copyOf(samples, size * 2);
        }
        samples[size++] = sample;
    }

    long[] toArray() {
        return Arrays.copyOf(samples, size);
    }

    static long[] merge(Iterable<LatencyLog> logs) {
        int total = 0;
        for (LatencyLog log : logs) {
            total += log.size;
        }
        long[] all = new long[total];
        int at = 0;
        for (LatencyLog log : logs) {
            System.arraycopy(log.samples, 0, all, at, log.size);
            at += log.size;
        }
        return all;
    }
}
