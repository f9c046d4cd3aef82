package dev.eventual.bench.cost;

import java.util.ArrayList;
import java.util.List;

/**
 * A per-block measure over the kept blocks: median and 95 % interval, raw and normalised to the box's
 * speed (each block's value × the median probe of the kept blocks / that block's probe). Verdicts use raw.
 */
public record CostFigure(String measure, MedianInterval raw, MedianInterval normalised) {

    /**
     * @param values    one per kept block
     * @param probesMs  the same blocks' box-speed probes (the mean of before and after), in the same order
     * @param reference the probe the normalised values are scaled to (the median probe of the kept blocks)
     * @param normalise false for a figure the box's speed cancels out of (a ratio of two CPU figures of one block)
     *                  or does not apply to (a count, a latency): normalised is then raw
     */
    public static CostFigure of(String measure, List<Double> values, List<Double> probesMs, double reference,
                                boolean normalise) {
        List<Double> scaled = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            scaled.add(values.get(i) * (normalise ? reference / probesMs.get(i) : 1));
        }
        return new CostFigure(measure, MedianInterval.of(values), MedianInterval.of(scaled));
    }
}
