package dev.eventual.bench.load;

/**
 * What a load run placed: order ids with the epoch millisecond each was (meant to be) sent, in the
 * same order, for time-to-consistency; and the acceptance latencies.
 */
public record PlacedOrders(long[] orderIds, long[] sentAtMillis, long[] latencyNanos, long errors,
                           double seconds) {

    public int placed() {
        return orderIds.length;
    }

    public double ordersPerSecond() {
        return placed() / seconds;
    }
}
