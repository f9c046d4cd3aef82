package dev.eventual.bench.acceptance;

import dev.eventual.bench.load.LatencySummary;

import java.util.Map;

/**
 * One publishing mode at one concurrency: orders accepted per second and their latency.
 *
 * @param cpuMsPerOrder CPU milliseconds each process spent per accepted order during the step (where the cost goes)
 * @param jitMsPerOrder of that, what the JIT compiler threads of all JVMs spent per order (a warm box: about 0)
 */
public record AcceptanceStep(String mode, int concurrency, double ordersPerSecond, LatencySummary latency,
                             long errors, Map<String, Double> cpuMsPerOrder,
                             double jitMsPerOrder) {
}
