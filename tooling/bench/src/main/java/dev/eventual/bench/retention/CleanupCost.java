package dev.eventual.bench.retention;

import dev.eventual.bench.cost.CostFigure;
import dev.eventual.bench.cost.MedianInterval;
import dev.eventual.bench.load.LatencySummary;

import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The retention cleanup's cost to the order path (issue 42): SUT CPU per consistent order and the order p99 in a
 * window with the cleanup off and one with it on, side by side in each block, between two box-speed probes
 * (tooling/bench/README.md, section 11). Information: no target was set.
 *
 * @param ordersPerSecond orders/s of every window (--retention-rate)
 * @param windowSeconds   each window's orders (--retention-cost-window); its CPU runs on until they are consistent
 * @param blocks          every block, the dropped ones too
 * @param figures         per kept block, median and 95 % interval, raw and normalised to the box's speed
 */
public record CleanupCost(double ordersPerSecond, double windowSeconds, List<Block> blocks, List<CostFigure> figures) {

    public static final String CPU_OFF = "SUT CPU ms per consistent order, cleanup off";
    public static final String CPU_ON = "SUT CPU ms per consistent order, cleanup on";
    public static final String CPU_DIFFERENCE = "SUT CPU ms per consistent order, on - off";
    public static final String CPU_RATIO = "SUT CPU per consistent order, on / off";
    public static final String ROWS = "rows deleted per cleanup-on window";
    public static final String CPU_PER_THOUSAND_ROWS = "SUT CPU ms per 1,000 rows deleted, (on - off) x orders / rows";
    public static final String P99_OFF = "order p99 ms, cleanup off";
    public static final String P99_ON = "order p99 ms, cleanup on";

    /** The blocks and their figures over the kept ones. */
    public static CleanupCost of(double ordersPerSecond, double windowSeconds, List<Block> blocks) {
        List<Block> kept = blocks.stream().filter(b -> b.dropped() == null).toList();
        double reference = MedianInterval.of(kept.stream().map(Block::probeMs).toList()).median();
        return new CleanupCost(ordersPerSecond, windowSeconds, blocks, List.of(
                figure(CPU_OFF, kept, reference, true, b -> b.off().sutCpuMsPerOrder()),
                figure(CPU_ON, kept, reference, true, b -> b.on().sutCpuMsPerOrder()),
                figure(CPU_DIFFERENCE, kept, reference, true, Block::cpuDifference),
                // two CPU figures of the same block: the box's speed cancels out
                figure(CPU_RATIO, kept, reference, false, Block::cpuRatio),
                figure(ROWS, kept, reference, false, b -> b.on().rowsDeletedTotal()),
                figure(CPU_PER_THOUSAND_ROWS, kept, reference, true, Block::cpuMsPerThousandRows),
                figure(P99_OFF, kept, reference, false, b -> b.off().latency().p99Ms()),
                figure(P99_ON, kept, reference, false, b -> b.on().latency().p99Ms())));
    }

    /** Over the kept blocks whose value is a number (an on-window that deleted nothing has no CPU per row). */
    private static CostFigure figure(String measure, List<Block> kept, double reference, boolean normalise,
                                     ToDoubleFunction<Block> value) {
        List<Block> valued = kept.stream().filter(b -> Double.isFinite(value.applyAsDouble(b))).toList();
        return CostFigure.of(measure, valued.stream().map(value::applyAsDouble).toList(),
                valued.stream().map(Block::probeMs).toList(), reference, normalise);
    }

    /** A figure by its measure; null when absent. */
    public CostFigure figure(String measure) {
        return figures.stream().filter(f -> f.measure().equals(measure)).findFirst().orElse(null);
    }

    public long keptBlocks() {
        return blocks.stream().filter(b -> b.dropped() == null).count();
    }

    /**
     * @param order         the windows in the order they ran: "off, on" in even blocks, "on, off" in odd ones
     * @param probeBeforeMs the box-speed probe before the block, ms
     * @param stealPercent  CPU time the hypervisor stole over the block, % of all CPU time
     * @param dropped       why the block is left out of the figures (as section 9's); null if kept
     */
    public record Block(int index, List<String> order, double probeBeforeMs, double probeAfterMs, double stealPercent,
                        String dropped, Window off, Window on) {

        double probeMs() {
            return (probeBeforeMs + probeAfterMs) / 2;
        }

        public double cpuDifference() {
            return on.sutCpuMsPerOrder() - off.sutCpuMsPerOrder();
        }

        public double cpuRatio() {
            return on.sutCpuMsPerOrder() / off.sutCpuMsPerOrder();
        }

        /** The extra CPU of the on-window's orders over the rows it deleted; NaN when it deleted none. */
        public double cpuMsPerThousandRows() {
            long rows = on.rowsDeletedTotal();
            return rows == 0 ? Double.NaN : cpuDifference() * on.orders() / rows * 1000;
        }
    }

    /**
     * @param cleanup          whether the cleanup deleted rows over this window
     * @param seconds          the CPU window: the orders, then the wait for consistency
     * @param orders           orders placed (201) and reported by both consumers (when {@code settled})
     * @param requestsByStatus every request by its answer's status (0 = none)
     * @param settled          both consumers reported every order within --drain
     * @param sutCpuMs         SUT CPU over the window (schedstat, the generator and the cleanup's caller apart)
     * @param cpuMsPerOrder    per SUT part, its CPU over the orders
     * @param latency          the 201s' latency from the moment each order was due
     * @param backlogRows      per table, rows older than the window's start and those an off-window made young (its
     *                         backlog: made old enough to delete when on, made young when off)
     * @param rowsDeleted      per table, backlog rows gone by the end of the CPU window
     * @param cleanupCalls     consumer cleanup calls the section made over the window (reconcile-job's own apart)
     * @param cleanupErrors    those of them answered with an error (the rows they left wait for the next call)
     */
    public record Window(boolean cleanup, double seconds, long orders, Map<Integer, Long> requestsByStatus,
                         boolean settled, double sutCpuMs, double sutCpuMsPerOrder, Map<String, Double> cpuMsPerOrder,
                         LatencySummary latency, Map<String, Long> backlogRows, Map<String, Long> rowsDeleted,
                         int cleanupCalls, int cleanupErrors) {

        public long rowsDeletedTotal() {
            return rowsDeleted.values().stream().mapToLong(Long::longValue).sum();
        }
    }
}
