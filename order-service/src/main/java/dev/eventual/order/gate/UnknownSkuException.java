package dev.eventual.order.gate;

import dev.eventual.order.config.OrderRejection;
import dev.eventual.order.placement.OrderRefusedException;

/**
 * The gate's catalog is seeded and it still has no count for the SKU: every SKU inventory holds got one
 * (from the rebuild, or when its stock was set), so inventory holds no such SKU. Refused, nothing
 * written; unlike a gate that cannot answer yet, asking again does not help.
 */
public class UnknownSkuException extends OrderRefusedException {

    private final long sku;

    UnknownSkuException(long sku) {
        super("sku " + sku + " is not for sale: the stock gate has no count for it", null);
        this.sku = sku;
    }

    @Override
    public OrderRejection rejection() {
        return OrderRejection.UNKNOWN_SKU;
    }

    public long sku() {
        return sku;
    }
}
