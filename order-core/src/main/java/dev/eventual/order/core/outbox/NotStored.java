package dev.eventual.order.core.outbox;

import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.remoting.protocol.ResponseCode;

/**
 * Why the broker did not store a message, and whether that is the broker's state (the fallback's case) or the
 * message's own fault. The broker's state: connection refused or lost, a timeout, no route to a broker, flow
 * control ({@code SYSTEM_BUSY}) or another broker error, and the send statuses the client answers by rolling
 * the half message back itself ({@code FLUSH_DISK_TIMEOUT}, {@code FLUSH_SLAVE_TIMEOUT},
 * {@code SLAVE_NOT_AVAILABLE}; apache/rocketmq#3617). The message's fault: the client refused it before sending
 * ({@code MESSAGE_ILLEGAL}: too large, a bad topic or property), which a retry cannot cure.
 */
final class NotStored {

    private NotStored() {
    }

    /** Whether a send that threw failed because of the broker's state rather than the message. */
    static boolean byTheBroker(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof MQClientException client && client.getResponseCode() == ResponseCode.MESSAGE_ILLEGAL) {
                return false;
            }
        }
        return true;
    }

}
