package dev.eventual.inventory.deduct;

import dev.eventual.common.messaging.OrderEventType;

/**
 * Told what deduction did with an order's stock, in the order's trace: the stock gate is one
 * (docs/stock-gate.md), and deduction does not know it. A redelivered event is told again, so an
 * observer must take repeats harmlessly.
 */
public interface DeductObserver {

    /** Inside the release's transaction, before it commits: a deduction's units go back to the stock. */
    void releasing(long sku, long orderId, int quantity);

    /** After an order event's outcome committed (a release was told {@link #releasing} before). */
    void applied(OrderEventType type, long sku, DeductOutcome outcome);
}
