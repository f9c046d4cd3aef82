package dev.eventual.bench.acceptance;

/** Throughput of mode (a) over (b) and over (c) at one concurrency ("peak" compares each mode's best). */
public record ModeRatios(String concurrency, double aOverB, double aOverC) {
}
