package dev.eventual.bench.cost;

/**
 * A per-block measure over the kept blocks: median and 95 % interval, raw and normalised to the box's
 * speed (each block's value × the median probe of the kept blocks / that block's probe). Verdicts use raw.
 */
public record CostFigure(String measure, MedianInterval raw, MedianInterval normalised) {
}
