package dev.eventual.order.gate;

import dev.eventual.order.config.OrderRejection;
import dev.eventual.order.placement.OrderRefusedException;

/** The gate has fewer units of the SKU left than the order asks for: refused, nothing written. */
public class SoldOutException extends OrderRefusedException {

    private final long sku;
    private final boolean buyerMayHaveOrder;

    SoldOutException(long sku, int quantity, long left, boolean buyerMayHaveOrder) {
        super("sku " + sku + " is sold out: " + quantity + " asked, " + Math.max(0, left) + " left", null);
        this.sku = sku;
        this.buyerMayHaveOrder = buyerMayHaveOrder;
    }

    /** False when the gate knows this customer never got an order of the SKU under this Idempotency-Key. */
    @Override
    public boolean mayBeARepeat() {
        return buyerMayHaveOrder;
    }

    @Override
    public OrderRejection rejection() {
        return OrderRejection.SOLD_OUT;
    }

    public long sku() {
        return sku;
    }
}
