package dev.eventual.order.gate;

/**
 * The gate's catalog is seeded and it still has no count for the SKU: every SKU inventory holds got one
 * (from the rebuild, or when its stock was set), so inventory holds no such SKU. Refused, nothing
 * written; unlike a gate that cannot answer yet, asking again does not help.
 */
public class UnknownSkuException extends RuntimeException {

    private final long sku;

    UnknownSkuException(long sku) {
        super("sku " + sku + " is not for sale: the stock gate has no count for it");
        this.sku = sku;
    }

    public long sku() {
        return sku;
    }
}
