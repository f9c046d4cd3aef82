package dev.eventual.bench.load;

/** Latency percentiles in milliseconds (nearest rank over all samples). */
public record LatencySummary(int samples, double p50Ms, double p95Ms, double p99Ms, double maxMs) {

    public static LatencySummary ofNanos(long[] nanos) {
        Percentiles p = new Percentiles(nanos);
        return new LatencySummary(p.count(), p.at(50) / 1e6, p.at(95) / 1e6, p.at(99) / 1e6, p.max() / 1e6);
    }

    public static LatencySummary ofMillis(long[] millis) {
        Percentiles p = new Percentiles(millis);
        return new LatencySummary(p.count(), p.at(50), p.at(95), p.at(99), p.max());
    }
}
