package dev.eventual.order.core.store;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.core.status.ReconcileStatus;

import java.time.LocalDateTime;

/**
 * A message_log row due for reconciliation, with what the run needs to decide and re-drive.
 *
 * @param traceParent the trace of the request that wrote the event, which the row's re-drives continue; may be null
 */
public record DueRow(long id, long orderId, OrderEventType eventType, String payload, MessageStatus msgStatus,
                     ReconcileStatus reconcileStatus, int retryCount, int shardKey, LocalDateTime nextReconcileTime,
                     String traceParent) {
}
