package dev.eventual.order.core.store;

/**
 * Why and in which state reconciliation gave up on one event.
 *
 * @param skuId the order's SKU as its event says, so the work orders of one SKU can be found; null when the event cannot be read
 */
public record WorkOrderOpening(long orderId, String eventType, long messageLogId, Long skuId, String reason, String orderStatus,
                               String inventoryStatus, String noticeStatus, int retryCount) {
}
