package dev.eventual.order.core.store;

/** Why and in which state reconciliation gave up on one event. */
public record WorkOrderOpening(long orderId, String eventType, long messageLogId, String reason, String orderStatus,
                               String inventoryStatus, String noticeStatus, int retryCount) {
}
