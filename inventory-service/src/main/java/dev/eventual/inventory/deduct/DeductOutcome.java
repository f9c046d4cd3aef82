package dev.eventual.inventory.deduct;

/**
 * What handling one event did.
 *
 * @param status    the order's deduction status afterwards
 * @param duplicate true when an earlier delivery had already done the work and nothing changed
 */
public record DeductOutcome(long orderId, DeductStatus status, boolean duplicate, String detail) {
}
