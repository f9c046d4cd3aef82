package dev.eventual.notice.store;

import dev.eventual.common.messaging.OrderEventType;

import java.time.LocalDateTime;

/**
 * A {@code notice_log} row as the claim protocol reads it.
 *
 * @param updatedAt when the row last changed; for PROCESSING, when the current attempt claimed it
 * @param databaseNow the database's clock at the read, the one clock every instance's leases are judged by
 */
public record NoticeLogRow(long orderId, OrderEventType noticeType, NoticeStatus status, int attempts,
                           String lastError, LocalDateTime updatedAt, LocalDateTime databaseNow) {
}
