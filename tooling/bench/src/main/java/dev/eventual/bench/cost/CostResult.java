package dev.eventual.bench.cost;

import java.util.List;

/**
 * The cost section: per-unit CPU at saturation (closed-loop wrk steps, the targets' figures since issue 41)
 * and at fixed rates (information: the wake-up cost of a quiet system), in paired, interleaved blocks.
 *
 * @param layout                      where the suite ran: the per-process layout, or ./run-local.sh's one JVM (closed-loop
 *                                    steps only: no fixed-rate windows, no SQL counters, NaN)
 * @param rate                        refusals/s and reads/s of the fixed-rate CPU windows
 * @param p99Rate                     refusals/s of the fixed-rate latency window
 * @param orderRate                   orders/s of the fixed-rate order window
 * @param windowSeconds               each fixed-rate window's load (the order window also waits for consistency)
 * @param stepSeconds                 each closed-loop step's load (the order step also waits for consistency)
 * @param saturation                  per-block measures at each block's saturation step (c = 16 for refusals/s
 *                                    and the p99), see {@link CostSection}
 * @param fixedRate                   per-block measures of the fixed-rate windows, net of idle
 * @param sqlPerOrderOrderService     statements of order-service's account per consistent order, all kept blocks pooled
 * @param sqlPerOrderTotal            statements of every service account per consistent order
 * @param sqlPerRefusal               statements of every service account per refusal
 * @param rowsWrittenPerOrder         rows written, every account, per consistent order
 */
public record CostResult(Layout layout, double rate, double p99Rate, double orderRate, double windowSeconds, double stepSeconds,
                         List<CostBlock> blocks, List<CostFigure> saturation, List<CostFigure> fixedRate,
                         double sqlPerOrderOrderService, double sqlPerOrderTotal, double sqlPerRefusal,
                         double rowsWrittenPerOrder) {

    public static final String CPU_PER_REFUSAL = "CPU ms per refusal, SUT";
    public static final String REFUSAL_OVER_READ = "CPU per refusal / CPU per plain read";
    public static final String CPU_PER_READ = "CPU ms per plain read, SUT";
    public static final String CPU_PER_ORDER = "CPU ms per consistent order, SUT, end to end";
    public static final String REFUSALS_PER_SECOND = "refusals/s, native generator (wrk, saturation)";
    public static final String REFUSAL_P99 = "refusal p99 at wrk c=16 (ms)";
    public static final String ORDERS_PER_SECOND = "consistent orders/s, closed loop";
    public static final String FIXED_CPU_PER_REFUSAL = CPU_PER_REFUSAL + ", fixed rate";
    public static final String FIXED_CPU_PER_READ = CPU_PER_READ + ", fixed rate";
    public static final String FIXED_REFUSAL_OVER_READ = REFUSAL_OVER_READ + ", fixed rate";
    public static final String FIXED_REFUSAL_P99 = "refusal p99 at the fixed p99 rate (ms)";
    public static final String FIXED_CPU_PER_ORDER = CPU_PER_ORDER + ", fixed rate";

    /** A saturation figure by its measure; null when absent. */
    public CostFigure figure(String measure) {
        return saturation.stream().filter(f -> f.measure().equals(measure)).findFirst().orElse(null);
    }

    public long keptBlocks() {
        return blocks.stream().filter(b -> b.dropped() == null).count();
    }
}
