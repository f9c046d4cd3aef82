package dev.eventual.bench.cost;

import java.util.List;
import java.util.Locale;

/**
 * One block: every fixed-rate variant once, then the closed-loop steps, between two box-speed probes.
 *
 * @param probeBeforeMs  sha256sum of the probe file before the block, ms
 * @param stealPercent   CPU time the hypervisor stole over the block, % of all CPU time
 * @param dropped        why the block is left out of the verdicts (probes > 10 % apart, steal > 1 %); null if kept
 * @param runs           the fixed-rate windows
 * @param steps          the closed-loop wrk steps; empty when wrk is not installed
 */
public record CostBlock(int index, double probeBeforeMs, double probeAfterMs, double stealPercent, String dropped,
                        List<VariantRun> runs, List<ClosedLoopStep> steps) {

    static final double PROBE_SPREAD = 0.10;
    static final double STEAL_PERCENT = 1.0;

    public static String dropReason(double before, double after, double steal) {
        double spread = Math.abs(after - before) / Math.min(before, after);
        if (spread > PROBE_SPREAD) {
            return String.format(Locale.ROOT, "probes %.0f and %.0f ms differ by %.0f %%", before, after,
                    spread * 100);
        }
        if (steal > STEAL_PERCENT) {
            return String.format(Locale.ROOT, "steal %.1f %%", steal);
        }
        return null;
    }

    double probeMs() {
        return (probeBeforeMs + probeAfterMs) / 2;
    }

    /** The saturation step of {@code kind} in this block (issue 41 chooses it per block); null without wrk. */
    public ClosedLoopStep saturation(StepKind kind) {
        return ClosedLoopStep.saturation(steps, kind);
    }

    public ClosedLoopStep step(StepKind kind, int connections) {
        return ClosedLoopStep.at(steps, kind, connections);
    }

    public VariantRun run(Variant variant) {
        return runs.stream().filter(r -> r.variant() == variant).findFirst().orElseThrow();
    }
}
