package dev.eventual.inventory.stock;

/** Units of one SKU that a batch takes or gives back. */
public record SkuQuantity(long skuId, int quantity) {
}
