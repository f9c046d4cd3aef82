package dev.eventual.bench.acceptance;

import java.util.List;

/** Section 1: every mode at every concurrency, and the ratios the targets are about. */
public record AcceptanceResult(List<AcceptanceStep> steps, List<ModeRatios> ratios) {

    /** The targets' ratios: each a median of same-concurrency ratios, so which levels ran cannot tilt it. */
    public ModeRatios median() {
        return ratios.stream().filter(r -> r.concurrency().equals(ModeRatios.MEDIAN)).findFirst().orElseThrow();
    }

    /** Mode (a)'s best step: its concurrency also drives the end-to-end run. */
    public AcceptanceStep bestTransactional() {
        return steps.stream().filter(s -> s.mode().equals("a"))
                .max(java.util.Comparator.comparingDouble(AcceptanceStep::ordersPerSecond)).orElseThrow();
    }
}
