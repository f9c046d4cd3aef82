package dev.eventual.bench.acceptance;

import java.util.List;

/** Section 1: every mode at every concurrency, and the ratios the targets are about. */
public record AcceptanceResult(List<AcceptanceStep> steps, List<ModeRatios> ratios) {

    public ModeRatios peak() {
        return ratios.stream().filter(r -> r.concurrency().equals("peak")).findFirst().orElseThrow();
    }

    /** Mode (a)'s best step: its concurrency also drives the end-to-end run. */
    public AcceptanceStep bestTransactional() {
        return steps.stream().filter(s -> s.mode().equals("a"))
                .max(java.util.Comparator.comparingDouble(AcceptanceStep::ordersPerSecond)).orElseThrow();
    }
}
