package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.core.status.ReconcileStatus;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.function.Supplier;

/**
 * What a use case calls to publish an order event together with the writes that make it true
 * (docs/design.md, "The outbox"): the event goes to the broker as a half message, and one local
 * transaction writes the attempt's barrier row, the event's message_log row and then runs the work.
 * The broker delivers the event exactly when that transaction committed.
 */
@Component
public class OrderOutbox {

    /** The message status of an event's row as a committed publication leaves it (the broker then delivers). */
    public static final MessageStatus NEW_EVENT_STATUS = MessageStatus.SENT;
    /** The reconcile status of that row: the reconcile job has not finished it yet. */
    public static final ReconcileStatus NEW_EVENT_RECONCILE_STATUS = ReconcileStatus.PENDING;

    private final OrderEventPublication publication;
    private final List<PublicationDecorator> decorators;

    public OrderOutbox(OrderEventPublication publication, List<PublicationDecorator> decorators) {
        this.publication = publication;
        this.decorators = List.copyOf(decorators);
    }

    /**
     * @param work the use case's writes; a refusal is an exception it throws (or a unique key of its own
     *             that says no), which rolls everything back and reaches the caller unchanged
     * @return {@link Publication#COMMITTED}, or {@link Publication#UNKNOWN} when the commit did not answer
     * @throws NotPublishedException surely not committed, and why
     */
    public Publication publish(OrderEventType eventType, long orderId, Object event, Runnable work) {
        Supplier<Publication> chain = () -> publication.publish(eventType, orderId, event, work);
        for (int i = decorators.size() - 1; i >= 0; i--) {
            PublicationDecorator decorator = decorators.get(i);
            Supplier<Publication> inner = chain;
            chain = () -> decorator.decorate(eventType, orderId, event, inner);
        }
        return chain.get();
    }
}
