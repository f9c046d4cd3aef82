package dev.eventual.bench.resources;

/**
 * One process over one section.
 *
 * @param cpuCores     average CPU used, in cores (1.0 = one core busy all the time)
 * @param cpuShare     its share of all the CPU time the machine spent busy in that window
 * @param rssAvgMib    mean resident set size over the samples
 * @param rssPeakMib   largest resident set size seen
 */
public record ProcessUsage(String process, double cpuCores, double cpuShare, double rssAvgMib, double rssPeakMib) {
}
