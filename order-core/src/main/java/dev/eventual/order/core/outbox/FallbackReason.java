package dev.eventual.order.core.outbox;

import java.util.Locale;

/**
 * Why an event went to {@link BrokerFallback} rather than to the broker as a half message: the tag of
 * {@code eventual.order.broker-fallback} (docs/order-service.md). Only {@link #NOT_STORED} asked the broker, so
 * only it can have cost the caller a send timeout.
 */
enum FallbackReason {

    /** An earlier event of the order still waits for the relay: as a half message this one would overtake it. */
    EARLIER_EVENT_WAITING("an earlier event of the order waits for the relay"),
    /** The broker circuit breaker is open: the broker was not asked. */
    BREAKER_OPEN("the broker circuit breaker is open"),
    /** The broker was asked and did not store the half message. */
    NOT_STORED("half message not stored");

    private final String text;

    FallbackReason(String text) {
        this.text = text;
    }

    /** The meter's tag value. */
    String tag() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** For the log line of the event written WAITING. */
    String text() {
        return text;
    }
}
