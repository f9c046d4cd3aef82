package dev.eventual.inventory.api;

/** A SKU's stock; the id is a string like every 64-bit id in JSON. */
public record StockView(String skuId, int stock) {
}
