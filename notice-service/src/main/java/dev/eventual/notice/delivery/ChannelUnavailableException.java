package dev.eventual.notice.delivery;

import dev.eventual.common.messaging.OrderEventType;

/** The channel failed for a technical reason; the notice stays PROCESSING and must be tried again. */
public class ChannelUnavailableException extends RuntimeException {

    public ChannelUnavailableException(long orderId, OrderEventType type, Throwable cause) {
        super("order " + orderId + ": " + type + " notice not sent, the channel is unavailable: " + cause, cause);
    }
}
