package dev.eventual.order.core.consumer;

/** A report names an event order-service has not committed (or never will): there is nothing to record it on. */
public class EventNotCommittedException extends RuntimeException {

    EventNotCommittedException(String detail) {
        super(detail);
    }
}
