package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderEventType;

/** A WAITING message_log row as the relay claims it: what it sends, and how often it tried. */
record WaitingRow(long id, long orderId, OrderEventType eventType, String topic, String tag, String msgKey, String payload,
                  String traceParent, int relayAttempts) {
}
