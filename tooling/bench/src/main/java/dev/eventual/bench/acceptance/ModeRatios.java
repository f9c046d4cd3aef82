package dev.eventual.bench.acceptance;

/**
 * Throughput of mode (a) over the other modes at one concurrency, or ({@link #MEDIAN}) the median of those
 * same-concurrency ratios over the levels where both modes of the ratio ran.
 *
 * @param aOverC      over (c), whose plain topic nobody consumes: information, (a) also pays for its consumers
 * @param aOverCPrime over (c'), which sends to the consumed order topic: the same downstream work as (a)
 * @param a0OverC     (a) with the consumers stopped over (c): the protocols alone; null without --isolate-publish
 */
public record ModeRatios(String concurrency, double aOverB, double aOverC, double aOverCPrime, Double a0OverC) {

    public static final String MEDIAN = "median";
}
