package dev.eventual.order.core.outbox;

/** User properties order-service puts on its half messages, read back by the check-back. */
final class OrderEventHeaders {

    static final String ORDER_ID = "EVENTUAL_ORDER_ID";
    static final String EVENT_TYPE = "EVENTUAL_EVENT_TYPE";

    private OrderEventHeaders() {
    }
}
