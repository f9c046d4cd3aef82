package dev.eventual.order.core;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.outbox.OrderOutbox;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The hook an edge plugs in for check-back rollbacks (the stock gate's), as order-core's ITs see it: the orders it was told of. */
public final class RolledBackOrders implements OrderOutbox.CheckBackRollbacks {

    private final Set<Long> told = ConcurrentHashMap.newKeySet();

    @Override
    public void rolledBack(long orderId, OrderEventType eventType, byte[] payload) {
        told.add(orderId);
    }

    public boolean told(long orderId) {
        return told.contains(orderId);
    }
}
