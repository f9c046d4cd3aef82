package dev.eventual.order.core.store;

import dev.eventual.order.core.status.ReconcileStatus;

import java.time.LocalDateTime;

/** How a run ends its work on one claimed message_log row: the values {@link DueRowMapper#finishAll} writes. */
public record RowFinish(long id, ReconcileStatus status, int retryCount, LocalDateTime next, String error) {
}
