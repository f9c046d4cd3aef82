package dev.eventual.reconcile.workorder;

import dev.eventual.common.api.TextLimits;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /api/work-orders/bulk}: one action and one note for every open work order the filter
 * matches, at most {@code eventual.reconcile.work-orders.bulk-limit} of them per request.
 *
 * @param expectedCount how many open work orders the person saw matching when they confirmed: if another
 *                      number matches now, nothing is done (409) and they review again
 */
public record BulkRequest(@NotNull @Valid BulkFilter filter, @NotNull BulkAction action,
                          @NotBlank @Size(max = TextLimits.WORK_ORDER_NOTE) String note,
                          @NotNull @Min(1) Integer expectedCount) {
}
