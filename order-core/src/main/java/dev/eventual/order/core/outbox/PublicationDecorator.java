package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderEventType;

import java.util.function.Supplier;

/**
 * Something an edge does around every publication, without the use cases or the outbox knowing it:
 * order-service's stock gate reserves a created order's units before and gives them back when the
 * publication did not commit (docs/stock-gate.md). Decorators are beans, applied in their
 * {@link org.springframework.core.annotation.Order order}, the first outermost.
 */
@FunctionalInterface
public interface PublicationDecorator {

    /**
     * @param publication the rest of the publication; returns or throws as {@link OrderOutbox#publish} does
     */
    Publication decorate(OrderEventType eventType, long orderId, Object event, Supplier<Publication> publication);
}
