package dev.eventual.order.core.consumer;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;

/**
 * What a consumer group reported for the event of one order.
 *
 * @param traceparent the order's trace the report came with; null continues the request's own
 */
public record ConsumerOutcome(long orderId, OrderEventType eventType, ConsumeStatus status, String detail,
                              String traceparent) {
}
