package dev.eventual.order.gate;

/**
 * The gate has fewer units of the SKU left than an order asks for.
 *
 * @param left the units left (0 when more is in flight than in stock)
 */
public record SoldOut(long sku, int quantity, long left) {

    /** What the problem's detail says. */
    public String detail() {
        return "sku " + sku + " is sold out: " + quantity + " asked, " + Math.max(0, left) + " left";
    }
}
