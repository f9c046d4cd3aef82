package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderEventType;

/** A WAITING message_log row as the relay claims it: what it sends, and how often it tried. */
record WaitingRow(long id, long orderId, OrderEventType eventType, String topic, String tag, String msgKey, String payload,
                  String traceParent, int relayAttempts) {

    /** The order and the trace id of the request that wrote the event, for a line about many orders (docs/tracing.md). */
    String orderAndTrace() {
        String[] parts = traceParent == null ? new String[0] : traceParent.split("-");
        return orderId + " trace " + (parts.length == 4 ? parts[1] : "-");
    }
}
