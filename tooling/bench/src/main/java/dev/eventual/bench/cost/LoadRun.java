package dev.eventual.bench.cost;

import dev.eventual.bench.load.LatencySummary;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * What a fixed-rate run got: the status of request i (0 = no answer) and its latency from the moment it
 * was due; {@code seconds} from the first due request to the last answer; {@code generatorCpuNanos} the
 * generator thread's own CPU.
 */
public record LoadRun(int[] statuses, long[] latencies, double seconds, long generatorCpuNanos) {

    public int requests() {
        return statuses.length;
    }

    public long count(int status) {
        long count = 0;
        for (int s : statuses) {
            if (s == status) {
                count++;
            }
        }
        return count;
    }

    /** Requests by status, for the report; 0 = no answer. */
    public Map<Integer, Long> byStatus() {
        Map<Integer, Long> counts = new TreeMap<>();
        for (int s : statuses) {
            counts.merge(s, 1L, Long::sum);
        }
        return counts;
    }

    /** Latencies of the requests answered with {@code status}. */
    public LatencySummary latency(int status) {
        return LatencySummary.ofNanos(IntStream.range(0, statuses.length).filter(i -> statuses[i] == status)
                .mapToLong(i -> latencies[i]).toArray());
    }
}
