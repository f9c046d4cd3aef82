package dev.eventual.inventory.stock;

/** A SKU's stock as read, under its row lock, by a batch. */
public record SkuStock(long skuId, int stock) {
}
