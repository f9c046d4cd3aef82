package dev.eventual.notice.store;

import dev.eventual.common.messaging.OrderEventType;

/**
 * A notice a batch claims: its notice_log row as first inserted, PROCESSING (attempt 1), or REFUSED (no attempt)
 * when its event came after the retention.
 *
 * @param refusal why the notice is refused, kept in {@code last_error}; null for a claim
 */
public record NoticeClaimRow(long orderId, OrderEventType type, String recipient, String messageId, String refusal) {

    public static NoticeClaimRow claim(long orderId, OrderEventType type, String recipient, String messageId) {
        return new NoticeClaimRow(orderId, type, recipient, messageId, null);
    }

    public NoticeStatus status() {
        return refusal == null ? NoticeStatus.PROCESSING : NoticeStatus.REFUSED;
    }

    public int attempts() {
        return refusal == null ? 1 : 0;
    }
}
