package dev.eventual.reconcile.workorder;

import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.order.core.reconcile.WorkOrders.WorkOrder;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

/** A work order with its audit trail; ids are strings like every 64-bit id in JSON. */
public record WorkOrderView(String id, String orderId, String eventType, String skuId, WorkOrders.Status status,
                            WorkOrders.Action resolution, String reason, String orderStatus, String inventoryStatus,
                            String noticeStatus, int retryCount, int openCount, String resolvedBy, Instant resolvedAt,
                            String resolutionNote, Instant createdAt, List<Entry> audit) {

    public record Entry(String action, String operator, String note, String outcome, String detail, Instant at) {
    }

    static WorkOrderView of(WorkOrders.Audited audited) {
        WorkOrder row = audited.workOrder();
        return new WorkOrderView(Long.toString(row.id()), Long.toString(row.orderId()), row.eventType(),
                row.skuId() == null ? null : Long.toString(row.skuId()), row.status(),
                row.resolution(), row.reason(), row.orderStatus(), row.inventoryStatus(), row.noticeStatus(),
                row.retryCount(), row.openCount(), row.resolvedBy(), utc(row.resolvedAt()), row.resolutionNote(),
                utc(row.createdAt()), audited.audit().stream().map(a -> new Entry(a.action(), a.operator(), a.note(), a.outcome(),
                a.detail(), utc(a.createdAt()))).toList());
    }

    private static Instant utc(LocalDateTime time) {
        return time == null ? null : time.toInstant(ZoneOffset.UTC);
    }
}
