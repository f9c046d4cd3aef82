package dev.eventual.inventory.deduct;

/** A row of {@code inventory_deduct_log}. */
public record DeductRecord(long orderId, long skuId, int quantity, DeductStatus status, String failReason) {
}
