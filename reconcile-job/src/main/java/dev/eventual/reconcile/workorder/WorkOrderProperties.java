package dev.eventual.reconcile.workorder;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code eventual.reconcile.work-orders.*}.
 *
 * @param destructiveActionsEnabled false: resolving a work order with CANCEL_ORDER, which cannot be undone, is
 *                                  refused to everyone, admins included (403, audited as REJECTED); RETRY and
 *                                  CLOSE still work
 */
@ConfigurationProperties("eventual.reconcile.work-orders")
public record WorkOrderProperties(@DefaultValue("true") boolean destructiveActionsEnabled) {
}
