package dev.eventual.bench.hotsku;

/**
 * One hot-SKU case.
 *
 * @param deductionsPerSecond deductions recorded / (last record - first record), from inventory_deduct_log
 * @param publishedPerSecond  how fast the events went into the broker (must exceed the deduction rate
 *                            for that rate to be the consumer's)
 * @param succeeded           deductions that took stock (every one should: stock is sized to the orders)
 */
public record HotSkuCase(String name, int skus, int orders, double publishedPerSecond, int recorded, int succeeded,
                         double seconds, double deductionsPerSecond) {
}
