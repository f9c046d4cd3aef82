package dev.eventual.reconcile.workorder;

import dev.eventual.order.core.status.WorkOrderAction;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /api/work-orders/{id}/resolve}. Who resolves is the access token's subject, never a
 * body field: a body that still names an {@code operator} is refused as an unknown field (400).
 */
public record ResolveRequest(@NotNull WorkOrderAction action, @Size(max = 1000) String note) {
}
