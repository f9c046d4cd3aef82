package dev.eventual.order.gate;

import dev.eventual.order.config.OrderRejection;
import dev.eventual.order.placement.OrderRefusedException;

/** The gate has fewer units of the SKU left than the order asks for: refused, nothing written. */
public class SoldOutException extends OrderRefusedException {

    private final SoldOut soldOut;
    private final boolean buyerMayHaveOrder;

    SoldOutException(SoldOut soldOut, boolean buyerMayHaveOrder) {
        super(soldOut.detail(), null);
        this.soldOut = soldOut;
        this.buyerMayHaveOrder = buyerMayHaveOrder;
    }

    @Override
    public OrderRejection rejection() {
        return OrderRejection.SOLD_OUT;
    }

    /** False when the gate knows this customer never got an order of the SKU under this Idempotency-Key. */
    @Override
    public boolean mayBeARepeat() {
        return buyerMayHaveOrder;
    }

    public SoldOut soldOut() {
        return soldOut;
    }
}
