package dev.eventual.order.placement;

import dev.eventual.order.config.OrderRejection;

/**
 * An order refused before anything was written or sent, by an edge in front of the outbox (the stock
 * gate: docs/stock-gate.md). Placement counts it under its rejection and the web edge names it.
 */
public abstract class OrderRefusedException extends RuntimeException {

    protected OrderRefusedException(String message, Throwable cause) {
        // an answer, not a fault: a flash sale refuses thousands a second, and a stack trace each would be
        // most of a refusal's cost (issue 28); a cause keeps its own
        super(message, cause, false, false);
    }

    /** The reason {@code eventual.orders.rejected} counts it under. */
    public abstract OrderRejection rejection();

    /**
     * Whether an earlier request with the same Idempotency-Key may have placed an order, which placement then
     * looks up (one read of order_db). True unless the edge that refused knows better (the stock gate:
     * docs/stock-gate.md, "A refusal without SQL").
     */
    public boolean mayBeARepeat() {
        return true;
    }
}
