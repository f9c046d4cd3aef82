package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.core.status.ReconcileStatus;

/** What recording a report needs of an event's message_log row; columns in the order of the locking read. */
record ReportedEvent(long id, long orderId, MessageStatus msgStatus, ReconcileStatus reconcileStatus, String claimToken) {
}
