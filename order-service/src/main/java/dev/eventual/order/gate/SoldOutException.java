package dev.eventual.order.gate;

/** The gate has fewer units of the SKU left than the order asks for: refused, nothing written. */
public class SoldOutException extends RuntimeException {

    private final long sku;

    SoldOutException(long sku, int quantity, long left) {
        super("sku " + sku + " is sold out: " + quantity + " asked, " + Math.max(0, left) + " left");
        this.sku = sku;
    }

    public long sku() {
        return sku;
    }
}
