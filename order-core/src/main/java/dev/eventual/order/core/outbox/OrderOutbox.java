package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.core.status.ReconcileStatus;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.function.Supplier;

/**
 * What order-core's acts call to publish an order event together with the writes that make it true
 * (docs/design.md, "The outbox"): the event goes to the broker as a half message, and one local
 * transaction writes the attempt's barrier row, the event's message_log row and then runs the work.
 * The broker delivers the event exactly when that transaction committed. When the broker cannot store the
 * half message, the same transaction commits without it, the event's row WAITING, and the relay sends the
 * event once the broker answers ({@code eventual.order.broker-fallback.enabled}, on by default).
 *
 * <p>Its nested types are the outbox's whole vocabulary outside this package: how a publication ended,
 * and the two seams an edge may plug in (a decorator around every publication and a hook told of
 * check-back rollbacks: order-service's stock gate) plus the benchmark's (the sender, and the local
 * transaction without a broker). How an attempt runs and is checked back stays package-private.
 */
@Component
public class OrderOutbox {

    /** The message status of an event's row beside a stored half message (the broker then delivers); WAITING without one. */
    public static final MessageStatus NEW_EVENT_STATUS = MessageStatus.SENT;
    /** The reconcile status of that row: the reconcile job has not finished it yet. */
    public static final ReconcileStatus NEW_EVENT_RECONCILE_STATUS = ReconcileStatus.PENDING;

    private final EventSender sender;
    private final List<PublicationDecorator> decorators;

    OrderOutbox(EventSender sender, List<PublicationDecorator> decorators) {
        this.sender = sender;
        this.decorators = List.copyOf(decorators);
    }

    /**
     * @param work the act's writes; a refusal is an exception it throws (or a unique key of its own
     *             that says no), which rolls everything back and reaches the caller unchanged
     * @return {@link Publication#COMMITTED}; {@link Publication#WAITING} when it committed without the broker (the
     *         relay sends the event); or {@link Publication#UNKNOWN} when the commit did not answer
     * @throws NotPublishedException surely not committed, and why
     */
    public Publication publish(OrderEventType eventType, long orderId, Object event, Runnable work) {
        return publish(new Publishing(eventType, orderId, event, null), work);
    }

    /** {@link #publish(OrderEventType, long, Object, Runnable)}, with what the decorators are told besides the event. */
    public Publication publish(Publishing publishing, Runnable work) {
        Supplier<Publication> chain = () -> sender.publish(publishing.eventType(), publishing.orderId(), publishing.event(), work);
        for (int i = decorators.size() - 1; i >= 0; i--) {
            PublicationDecorator decorator = decorators.get(i);
            Supplier<Publication> inner = chain;
            chain = () -> decorator.decorate(publishing, inner);
        }
        return chain.get();
    }

    /**
     * A publication as the decorators see it.
     *
     * @param idempotencyKey the Idempotency-Key a created order was placed under (not part of its event);
     *                       null for other events
     */
    public record Publishing(OrderEventType eventType, long orderId, Object event, String idempotencyKey) {
    }

    /**
     * How a publication ended when it did not surely fail: the event and its writes committed together,
     * with the half message (COMMITTED) or without it while the broker could not store it (WAITING: its row
     * waits for the relay), or the commit did not answer and the broker's check-back settles it (UNKNOWN,
     * docs/check-back.md). Surely not committed is {@link NotPublishedException}; the work's own refusal is the
     * exception it threw.
     */
    public enum Publication {
        COMMITTED,
        WAITING,
        UNKNOWN
    }

    /** Why an event and its writes surely did not commit; nothing of the attempt remains. */
    public enum NotPublishedReason {
        /** The broker did not store the half message, and the fallback is off or the message itself was refused; nothing was written. */
        BROKER_UNAVAILABLE,
        /** No database connection could be had, or it broke before commit. */
        DATABASE_UNAVAILABLE,
        /** A check-back settled this attempt as rolled back before its local transaction began. */
        ATTEMPT_ROLLED_BACK,
        /** The event already exists in message_log: another attempt of it committed first. */
        EVENT_ALREADY_RECORDED,
        /** The database refused the transaction for another reason, and it was rolled back. */
        FAILED
    }

    /** The event was not published and nothing the attempt wrote remains; {@link #reason()} says why. */
    public static class NotPublishedException extends RuntimeException {

        private final NotPublishedReason reason;

        NotPublishedException(long orderId, NotPublishedReason reason, Throwable cause) {
            super("order " + orderId + ": event not published (" + reason + ")", cause);
            this.reason = reason;
        }

        public NotPublishedReason reason() {
            return reason;
        }
    }

    /**
     * Something an edge does around every publication, without the acts or the outbox knowing it:
     * order-service's stock gate reserves a created order's units before and gives them back when the
     * publication did not commit (docs/stock-gate.md). Decorators are beans, applied in their
     * {@link org.springframework.core.annotation.Order order}, the first outermost.
     */
    @FunctionalInterface
    public interface PublicationDecorator {

        /** @param publication the rest of the publication; returns or throws as {@link OrderOutbox#publish} does */
        Publication decorate(Publishing publishing, Supplier<Publication> publication);
    }

    /**
     * Told when a check-back settles an attempt as rolled back and no other attempt recorded its event (the
     * broker fallback's, after a half message's send timed out): that attempt will never be an order, so
     * whatever an edge reserved for it before publishing can go back (the stock gate, docs/stock-gate.md).
     */
    @FunctionalInterface
    public interface CheckBackRollbacks {

        /** @param payload the half message's body, the event as it was published */
        void rolledBack(long orderId, OrderEventType eventType, byte[] payload);
    }

    /**
     * How an event is sent with its local transaction: a RocketMQ half message is the implementation the
     * service runs. It is also the seam the benchmark keeps (bench/README.md): its mode switcher, declared
     * primary in the benchmark's JVM only, compares the half message with the same work done without it.
     */
    public interface EventSender {

        /**
         * @return {@link Publication#COMMITTED} or {@link Publication#UNKNOWN}
         * @throws NotPublishedException surely not committed ({@link NotPublishedReason#BROKER_UNAVAILABLE}: nothing written)
         * @throws RuntimeException the work's refusal, after its transaction was rolled back
         * @throws Error an Error the work threw, after its transaction was rolled back
         */
        Publication publish(OrderEventType eventType, long orderId, Object event, Runnable work);
    }

    /** One attempt's local transaction without a half message, under a given id: only the benchmark's comparison modes run it. */
    public interface LocalTransactions {

        /** Returns and throws as {@link OrderOutbox#publish} does. */
        Publication run(OrderEventType eventType, long orderId, Object event, String transactionId, Runnable work);
    }
}
