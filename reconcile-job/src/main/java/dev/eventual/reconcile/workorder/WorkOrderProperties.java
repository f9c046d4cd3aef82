package dev.eventual.reconcile.workorder;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code eventual.reconcile.work-orders.*}.
 *
 * @param destructiveActionsEnabled false: resolving a work order with CANCEL_ORDER, which cannot be undone, is
 *                                  refused to everyone, admins included (403, audited as REJECTED); RETRY and
 *                                  CLOSE still work
 * @param bulkLimit                 the most open work orders one bulk RETRY or CLOSE works (default 500): each is
 *                                  its own transaction and audit row, so a request stays within a few seconds;
 *                                  the answer says how many still match, and the next request takes them
 */
@ConfigurationProperties("eventual.reconcile.work-orders")
public record WorkOrderProperties(@DefaultValue("true") boolean destructiveActionsEnabled,
                                  @DefaultValue("500") int bulkLimit) {

    public WorkOrderProperties {
        if (bulkLimit < 1) {
            throw new IllegalArgumentException("eventual.reconcile.work-orders.bulk-limit must be at least 1, not " + bulkLimit);
        }
    }
}
