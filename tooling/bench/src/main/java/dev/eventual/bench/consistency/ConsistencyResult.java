package dev.eventual.bench.consistency;

import java.util.List;
import java.util.Optional;

/**
 * Section 2: one run per fixed rate.
 *
 * @param targetRatePerSecond the rate (--consistency-rate) whose run the target is checked on
 */
public record ConsistencyResult(double targetRatePerSecond, List<ConsistencyRun> runs) {

    public Optional<ConsistencyRun> atTargetRate() {
        return runs.stream().filter(r -> r.targetPerSecond() == targetRatePerSecond).findFirst();
    }
}
