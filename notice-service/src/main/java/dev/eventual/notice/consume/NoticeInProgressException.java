package dev.eventual.notice.consume;

import dev.eventual.common.messaging.OrderEventType;

/**
 * Thrown to ask the broker for a later redelivery while another delivery holds the notice's lease: by
 * then it is SUCCESS (nothing to do) or its lease ran out (this delivery takes over). Acknowledging
 * instead could lose the notice when the holder's own attempt failed. No stack trace: it is expected.
 */
class NoticeInProgressException extends RuntimeException {

    NoticeInProgressException(long orderId, OrderEventType type) {
        super("order " + orderId + ": " + type + " notice is being sent by another delivery; redeliver later",
                null, false, false);
    }
}
