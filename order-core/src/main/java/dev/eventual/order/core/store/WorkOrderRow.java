package dev.eventual.order.core.store;

import dev.eventual.order.core.status.WorkOrderAction;
import dev.eventual.order.core.status.WorkOrderStatus;
import java.time.LocalDateTime;

/** A row of {@code reconcile_work_order}. */
public record WorkOrderRow(long id, long orderId, String eventType, long messageLogId, WorkOrderStatus status,
                           WorkOrderAction resolution, String reason, String orderStatus, String inventoryStatus,
                           String noticeStatus, int retryCount, int openCount, String resolvedBy,
                           LocalDateTime resolvedAt, String resolutionNote, LocalDateTime createdAt,
                           LocalDateTime updatedAt) {
}
