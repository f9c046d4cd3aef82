package dev.eventual.bench.acceptance;

/**
 * Throughput of mode (a) over (b) and over (c) at one concurrency ("peak" compares each mode's best).
 *
 * @param a0OverC (a) with the consumers stopped over (c): the protocols alone; null without --isolate-publish
 */
public record ModeRatios(String concurrency, double aOverB, double aOverC, Double a0OverC) {
}
