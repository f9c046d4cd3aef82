package dev.eventual.order.core.store;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;

/** A row of {@code message_consumer_status}. */
public record ConsumerStatusRow(long orderId, OrderEventType eventType, String consumerGroup, ConsumeStatus status,
                                String detail) {
}
