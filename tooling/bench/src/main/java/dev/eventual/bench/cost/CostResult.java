package dev.eventual.bench.cost;

import java.util.List;

/**
 * The cost section: per-unit CPU and work at fixed rates in paired, interleaved blocks.
 *
 * @param rate                        refusals/s and reads/s of the CPU windows
 * @param p99Rate                     refusals/s of the latency window
 * @param orderRate                   orders/s of the order window
 * @param windowSeconds               each window's load (the order window also waits for consistency)
 * @param figures                     the per-block measures, see {@link CostSection}
 * @param sqlPerOrderOrderService     statements of order-service's account per consistent order, all kept blocks pooled
 * @param sqlPerOrderTotal            statements of every service account per consistent order
 * @param sqlPerRefusal               statements of every service account per refusal
 * @param rowsWrittenPerOrder         rows written, every account, per consistent order
 * @param saturation                  the wrk step; null when wrk is not installed
 */
public record CostResult(double rate, double p99Rate, double orderRate, double windowSeconds, List<CostBlock> blocks,
                         List<CostFigure> figures, double sqlPerOrderOrderService, double sqlPerOrderTotal,
                         double sqlPerRefusal, double rowsWrittenPerOrder, SaturationStep saturation) {

    public static final String CPU_PER_REFUSAL = "CPU ms per refusal, SUT";
    public static final String REFUSAL_OVER_READ = "CPU per refusal / CPU per plain read";
    public static final String CPU_PER_READ = "CPU ms per plain read, SUT";
    public static final String REFUSAL_P99 = "refusal p99 at the fixed p99 rate (ms)";
    public static final String CPU_PER_ORDER = "CPU ms per consistent order, SUT, end to end";

    public CostFigure figure(String measure) {
        return figures.stream().filter(f -> f.measure().equals(measure)).findFirst().orElse(null);
    }

    public long keptBlocks() {
        return blocks.stream().filter(b -> b.dropped() == null).count();
    }
}
