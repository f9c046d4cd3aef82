package dev.eventual.order.core.outbox;

/** The event was not published and nothing the attempt wrote remains; {@link #reason()} says why. */
public class NotPublishedException extends RuntimeException {

    private final NotPublishedReason reason;

    NotPublishedException(long orderId, NotPublishedReason reason, Throwable cause) {
        super("order " + orderId + ": event not published (" + reason + ")", cause);
        this.reason = reason;
    }

    public NotPublishedReason reason() {
        return reason;
    }
}
