package dev.eventual.notice.store;

import dev.eventual.common.messaging.OrderEventType;

/** A notice a batch claims: its notice_log row as first inserted. */
public record NoticeClaimRow(long orderId, OrderEventType type, String recipient, String messageId) {
}
