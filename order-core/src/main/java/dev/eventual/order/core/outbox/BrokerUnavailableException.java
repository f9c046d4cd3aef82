package dev.eventual.order.core.outbox;

/** The half message could not be stored, so no local transaction ran and nothing was written. */
public class BrokerUnavailableException extends RuntimeException {

    public BrokerUnavailableException(long orderId, Throwable cause) {
        super("order " + orderId + ": the broker did not store the half message", cause);
    }
}
