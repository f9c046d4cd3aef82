package dev.eventual.order.core.reconcile;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;

/** A row of {@code message_consumer_status}. */
record ConsumerStatusRow(long orderId, OrderEventType eventType, String consumerGroup, ConsumeStatus status,
                                String detail) {
}
