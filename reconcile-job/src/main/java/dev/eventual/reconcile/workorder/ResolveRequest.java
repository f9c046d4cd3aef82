package dev.eventual.reconcile.workorder;

import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.common.api.TextLimits;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /api/work-orders/{id}/resolve}. Who resolves is the access token's subject, never a
 * body field: a body that still names an {@code operator} is refused as an unknown field (400). The note is
 * {@link TextLimits#WORK_ORDER_NOTE} characters at most: what the audit keeps, and what CANCEL_ORDER hands
 * order-service in the cancel's reason, whose limit has room for it.
 */
public record ResolveRequest(@NotNull WorkOrders.Action action, @Size(max = TextLimits.WORK_ORDER_NOTE) String note) {
}
