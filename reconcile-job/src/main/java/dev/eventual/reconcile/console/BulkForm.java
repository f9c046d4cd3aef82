package dev.eventual.reconcile.console;

import dev.eventual.common.api.TextLimits;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.reconcile.workorder.BulkAction;
import dev.eventual.reconcile.workorder.BulkFilter;
import dev.eventual.web.ApiProblemException;
import dev.eventual.web.Ids;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * A bulk act as the queue's and the confirmation's forms post it: the queue's filter (empty fields are no
 * filter), the action, the one note and, once confirmed, the count the person saw.
 */
record BulkForm(String skuId, String reason, OrderEventType eventType, @NotNull BulkAction action,
                @NotBlank @Size(max = TextLimits.WORK_ORDER_NOTE) String note, Long expectedCount) {

    Filter filter() {
        return Filter.of(skuId, reason);
    }

    BulkFilter bulkFilter() {
        Filter filter = filter();
        return new BulkFilter(filter.sku() == null ? null : Long.toString(filter.sku()), filter.reason(), eventType);
    }

    /** The SKU and reason a form or the queue's address names; a malformed one is a 400 page naming it. */
    record Filter(Long sku, String reason) {

        static Filter of(String skuId, String reason) {
            Long sku = skuId == null || skuId.isBlank() ? null : Ids.parse("skuId", skuId.strip());
            String text = reason == null || reason.isBlank() ? null : reason.strip();
            if (text != null && text.length() > TextLimits.REASON_FILTER) {
                throw ApiProblemException.invalid("reason", "must be at most " + TextLimits.REASON_FILTER + " characters");
            }
            return new Filter(sku, text);
        }

        boolean narrowed() {
            return sku != null || reason != null;
        }
    }
}
