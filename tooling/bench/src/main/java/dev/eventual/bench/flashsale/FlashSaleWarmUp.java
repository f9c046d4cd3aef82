package dev.eventual.bench.flashsale;

/**
 * The orders sent before the sale, at a stock of 0, to compile the refusal path.
 *
 * @param refused how many of them the gate refused: all, unless it is broken
 */
public record FlashSaleWarmUp(int orders, long refused) {
}
