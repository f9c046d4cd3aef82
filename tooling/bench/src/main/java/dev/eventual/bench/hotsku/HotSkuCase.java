package dev.eventual.bench.hotsku;

/**
 * One hot-SKU case.
 *
 * @param publishedPerSecond  how fast the events went into the broker (must exceed the deduction rate
 *                            for that rate to be the consumer's)
 * @param succeeded           deductions that took stock (every one should: stock is sized to the orders)
 * @param measured            deductions recorded after the last event was published: the backlog the rate is over
 * @param seconds             from the end of publishing to the last deduction recorded
 * @param deductionsPerSecond measured / seconds, from inventory_deduct_log's timestamps
 */
public record HotSkuCase(String name, int skus, int orders, double publishedPerSecond, int recorded, int succeeded,
                         int measured, double seconds, double deductionsPerSecond) {
}
