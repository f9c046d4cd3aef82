package dev.eventual.order.core.store;

import dev.eventual.order.core.status.WorkOrderAction;
import dev.eventual.order.core.status.WorkOrderStatus;
import java.time.LocalDateTime;
import java.util.Comparator;

/**
 * A row of {@code reconcile_work_order}; {@code id} is the public id ({@link WorkOrderMapper}).
 *
 * @param skuId the order's SKU; null when its event could not be read
 */
public record WorkOrderRow(long id, long orderId, String eventType, long messageLogId, Long skuId, WorkOrderStatus status,
                           WorkOrderAction resolution, String reason, String orderStatus, String inventoryStatus,
                           String noticeStatus, int retryCount, int openCount, String resolvedBy,
                           LocalDateTime resolvedAt, String resolutionNote, LocalDateTime createdAt,
                           LocalDateTime updatedAt) {

    /** Newest first across order_db servers: row ids count per server, creation times do not. */
    public static final Comparator<WorkOrderRow> NEWEST_FIRST = Comparator.comparing(WorkOrderRow::createdAt)
            .thenComparing(WorkOrderRow::id).reversed();
}
