package dev.eventual.bench.consistency;

import dev.eventual.bench.load.LatencySummary;

/**
 * One open-loop run at a fixed rate.
 *
 * @param timeToConsistency from the moment an order was due to be sent to both downstream effects recorded;
 *                          orders never consistent within the drain count with the time waited (a lower bound)
 * @param acceptance        the POST's own latency, from the moment it was due
 */
public record ConsistencyRun(double targetPerSecond, double achievedPerSecond, int placed,
                             long errors, int neverConsistent, LatencySummary timeToConsistency,
                             LatencySummary acceptance) {
}
