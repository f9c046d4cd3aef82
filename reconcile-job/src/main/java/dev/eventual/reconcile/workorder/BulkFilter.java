package dev.eventual.reconcile.workorder;

import dev.eventual.common.api.IdForm;
import dev.eventual.common.api.TextLimits;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.web.Ids;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * Which open work orders a bulk act works: those of one SKU, those whose reason contains a text, or both,
 * optionally of one event type. A filter names a SKU or a reason: nothing works every open work order at once.
 *
 * @param skuId     the order's SKU (the work order keeps it from its event)
 * @param reason    a text the work order's reason contains, case-insensitively
 * @param eventType only work orders of this event
 */
public record BulkFilter(@Pattern(regexp = IdForm.PATTERN, message = IdForm.RULE) String skuId,
                         @Size(min = 1, max = TextLimits.REASON_FILTER) String reason, OrderEventType eventType) {

    Long sku() {
        return skuId == null ? null : Ids.parse("filter.skuId", skuId);
    }

    String type() {
        return eventType == null ? null : eventType.name();
    }

    boolean narrowed() {
        return skuId != null || reason != null;
    }
}
