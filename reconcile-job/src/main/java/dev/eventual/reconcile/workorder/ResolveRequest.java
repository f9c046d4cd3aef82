package dev.eventual.reconcile.workorder;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** Body of {@code POST /api/work-orders/{id}/resolve}. */
public record ResolveRequest(@NotNull WorkOrderAction action, @Size(max = 1000) String note,
                             @NotBlank @Size(max = 64) String operator) {
}
