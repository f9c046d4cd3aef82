package dev.eventual.bench.consistency;

import java.util.List;

/**
 * Section 2.
 *
 * @param maxSustainablePerSecond the rate the loads are fractions of, and where it came from
 */
public record ConsistencyResult(double maxSustainablePerSecond, String maxRateSource, List<ConsistencyRun> runs) {
}
