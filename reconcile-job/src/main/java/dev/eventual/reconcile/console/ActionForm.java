package dev.eventual.reconcile.console;

import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.common.api.TextLimits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** An action on a work order as the console's forms post it: the note is required here, unlike the API's. */
record ActionForm(@NotNull WorkOrders.Action action, @NotBlank @Size(max = TextLimits.WORK_ORDER_NOTE) String note) {
}
