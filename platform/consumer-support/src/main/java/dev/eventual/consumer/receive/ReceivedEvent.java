package dev.eventual.consumer.receive;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderEventType;

/**
 * An order event as the broker delivered it, decoded: exactly one of {@code created} and
 * {@code canceled} is set, as {@code type} says.
 *
 * @param deliveries  how often the broker has delivered this message, this time included
 * @param traceparent the order's trace (the message's {@code traceparent} property, or a re-drive's);
 *                    null when it came without one
 */
public record ReceivedEvent(OrderEventType type, OrderCreatedEvent created, OrderCanceledEvent canceled,
                            int deliveries, String traceparent) {

    public static ReceivedEvent of(OrderCreatedEvent event, int deliveries, String traceparent) {
        return new ReceivedEvent(OrderEventType.ORDER_CREATED, event, null, deliveries, traceparent);
    }

    public static ReceivedEvent of(OrderCanceledEvent event, int deliveries, String traceparent) {
        return new ReceivedEvent(OrderEventType.ORDER_CANCELED, null, event, deliveries, traceparent);
    }

    public long orderId() {
        return created != null ? created.orderId() : canceled.orderId();
    }

    public boolean redelivered() {
        return deliveries > 1;
    }
}
