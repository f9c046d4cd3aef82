package dev.eventual.order.core.orders;

import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedReason;
import dev.eventual.order.core.outbox.OrderOutbox;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.core.status.OrderStatus;
import dev.eventual.order.core.status.ReconcileStatus;
import org.springframework.stereotype.Component;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What order-service does to order_db, one act per method: place, cancel, pay, read. Each act picks its
 * order_db server and holds its own transaction (the outbox's, for the acts that publish an event); the
 * rows, statements and scopes stay behind it (docs/design.md, "Who owns order_db"). Acts answer with
 * outcomes, never with the web's words: order-service turns them into its problems, metrics and logs.
 */
@Component
public class Orders {

    private final Placing placing;
    private final Canceling canceling;
    private final Paying paying;
    private final Reading reading;

    Orders(Placing placing, Canceling canceling, Paying paying, Reading reading) {
        this.placing = placing;
        this.canceling = canceling;
        this.paying = paying;
        this.reading = reading;
    }

    /**
     * Places a new order under {@code orderId} (minted on the customer's server, carrying its logical
     * shard): its ORDER_CREATED event published through the outbox with the insert as its work. A refusal
     * thrown around the publication (the stock gate's) reaches the caller unchanged, after the rollback.
     */
    public Placement place(long orderId, NewOrder order) {
        return placing.place(orderId, order);
    }

    /** The first order placed with this Idempotency-Key by this customer, if any: one read on the customer's server. */
    public Optional<Order> placedBefore(long userId, String idempotencyKey) {
        return placing.placedBefore(userId, idempotencyKey);
    }

    /**
     * Cancels the order through the outbox, with the guarded status change as its work.
     *
     * @param expected the status the order must still be in (null: any cancelable one): the unpaid timeout
     *                 asks for CREATED, so that a payment committing first wins
     * @param customer the customer asking, who may cancel only its own orders (another's is not found);
     *                 null for operators and the unpaid timeout
     */
    public Cancellation cancel(long orderId, String reason, OrderStatus expected, Long customer) {
        return canceling.cancel(orderId, reason, expected, customer);
    }

    /** Confirms a payment: CREATED → PAID by one guarded update, or the answer a repeat or a refusal gets. */
    public Payment pay(long orderId, String paymentId) {
        return paying.pay(orderId, paymentId);
    }

    /** The order with its events and the consumers' reports, as {@code customer} may see it (null: anyone). */
    public Optional<OrderHistory> find(long orderId, Long customer) {
        return reading.find(orderId, customer);
    }

    /** The events and reports of an order already read (a repeated placement): two reads. */
    public OrderHistory historyOf(Order order) {
        return reading.historyOf(order);
    }

    /**
     * A new order as its placement just wrote it, without reading it back: its created event as the outbox
     * committed it ({@link Placement.Placed#eventStatus()}), and no consumer has reported yet (issue 28: the 201
     * costs no statement).
     */
    public OrderHistory newlyPlaced(Order order, MessageStatus eventStatus) {
        return new OrderHistory(order, List.of(new Event(OrderEventType.ORDER_CREATED, eventStatus,
                OrderOutbox.NEW_EVENT_RECONCILE_STATUS, 0)), List.of());
    }

    /** One customer's orders (from its server), or everyone's (merged across servers), newest first. */
    public HistoryPage page(Long userId, OrderStatus status, int page, int size) {
        return reading.page(userId, status, page, size);
    }

    /** What a customer asks for: the Idempotency-Key makes a repeat of the request the same order. */
    public record NewOrder(long userId, String idempotencyKey, long skuId, int quantity) {
    }

    /** An order as {@code t_order} holds it. Times are UTC. */
    public record Order(long orderId, long userId, long skuId, int quantity, OrderStatus status,
                        LocalDateTime createdAt, LocalDateTime updatedAt) {

        static Order of(OrderRow row) {
            return new Order(row.getOrderId(), row.getUserId(), row.getSkuId(), row.getQuantity(), row.getStatus(),
                    row.getCreatedAt(), row.getUpdatedAt());
        }
    }

    /** How a placement ended when no refusal was thrown. */
    public sealed interface Placement {

        /**
         * The order and its event committed together.
         *
         * @param eventStatus SENT beside a stored half message; WAITING when the broker could not store it and the
         *                    relay sends the event
         */
        record Placed(Order order, MessageStatus eventStatus) implements Placement {
        }

        /** The Idempotency-Key was used before (or a concurrent repeat committed first): this is that first order. */
        record Repeated(Order first) implements Placement {
        }

        /** Surely nothing written; {@code cause} says what failed. */
        record NotPublished(NotPublishedReason reason, Object cause) implements Placement {
        }

        /** The commit did not answer: the broker's check-back settles it, a repeat with the same key learns it. */
        record OutcomeUnknown() implements Placement {
        }
    }

    /** How a cancel ended. */
    public sealed interface Cancellation {

        record Canceled() implements Cancellation {
        }

        /** No such order, or another customer's. */
        record NotFound() implements Cancellation {
        }

        /** The order is in a status no cancel leaves ({@code expected} null), or not in the one the caller expected. */
        record NotCancelable(OrderStatus status, OrderStatus expected) implements Cancellation {
        }

        /** The order changed while it was being canceled; {@code how} says what moved. */
        record ChangedMeanwhile(String how) implements Cancellation {
        }

        record NotPublished(NotPublishedReason reason, Object cause) implements Cancellation {
        }

        record OutcomeUnknown() implements Cancellation {
        }
    }

    /** What one payment confirmation came to; the tag of {@code eventual.orders.payments}. */
    public enum PaymentResult {
        /** CREATED → PAID by this confirmation. */
        PAID,
        /** The order was already PAID with this payment id: answered as before, nothing written. */
        REPEATED,
        /** Refused: the order is PAID with another payment id, or the payment id paid another order. */
        OTHER_PAYMENT,
        /** Refused: the order is CANCELED (by a buyer, an operator or the unpaid timeout). */
        CANCELED,
        /** Refused: no such order. */
        NOT_FOUND;

        public String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * @param refusal for OTHER_PAYMENT and CANCELED, the detail naming the order and its status; else null
     */
    public record Payment(PaymentResult result, String refusal) {
    }

    /** An order with every event of it (created, canceled) and the consumers' reports on them. */
    public record OrderHistory(Order order, List<Event> events, List<Report> reports) {
    }

    /** One event of an order as message_log holds it. */
    public record Event(OrderEventType eventType, MessageStatus messageStatus, ReconcileStatus reconcileStatus,
                        int retryCount) {
    }

    /** One consumer group's last report on one event of an order. */
    public record Report(OrderEventType eventType, String consumerGroup, ConsumeStatus status) {
    }

    public record HistoryPage(List<OrderHistory> orders, int page, int size, long total) {
    }
}
