package dev.eventual.bench.acceptance;

import dev.eventual.bench.load.LatencySummary;

/** One publishing mode at one concurrency: orders accepted per second and their latency. */
public record AcceptanceStep(String mode, int concurrency, double ordersPerSecond, LatencySummary latency,
                             long errors) {
}
