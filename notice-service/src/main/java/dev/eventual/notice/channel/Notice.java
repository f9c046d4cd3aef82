package dev.eventual.notice.channel;

import dev.eventual.common.messaging.OrderEventType;

/**
 * One notice, ready for a channel.
 *
 * @param messageId stable for (order, type): a resend carries the same id, so the receiver can drop it
 */
public record Notice(long orderId, OrderEventType type, String recipient, String messageId, String subject,
                     String body) {
}
