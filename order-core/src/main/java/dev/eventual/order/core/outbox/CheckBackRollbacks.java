package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderEventType;

/**
 * Told when a check-back settles an attempt as rolled back: that attempt will never be an order, so
 * whatever an edge reserved for it before publishing can go back (the stock gate, docs/stock-gate.md).
 * The outbox knows no such edge; order-service registers its hooks as beans.
 */
@FunctionalInterface
public interface CheckBackRollbacks {

    /** @param payload the half message's body, the event as it was published */
    void rolledBack(long orderId, OrderEventType eventType, byte[] payload);
}
