package dev.eventual.order.placement;

import dev.eventual.order.config.OrderRejection;

/**
 * An order refused before anything was written or sent, by an edge in front of the outbox (the stock
 * gate: docs/stock-gate.md). Placement counts it under its rejection and the web edge names it.
 */
public abstract class OrderRefusedException extends RuntimeException {

    protected OrderRefusedException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The reason {@code eventual.orders.rejected} counts it under. */
    public abstract OrderRejection rejection();
}
