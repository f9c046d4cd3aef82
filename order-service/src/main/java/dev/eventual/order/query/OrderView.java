package dev.eventual.order.query;

import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.core.status.OrderStatus;
import dev.eventual.order.core.status.ReconcileStatus;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * An order and how far its events got. Ids are strings (64-bit). {@code messageStatus},
 * {@code reconcileStatus} and {@code consumers} describe the ORDER_CREATED event; {@code events}
 * lists every event (created, canceled) the same way. A consumer that has not reported yet shows
 * {@code PENDING}.
 */
public record OrderView(
        String orderId,
        String userId,
        String skuId,
        int quantity,
        OrderStatus status,
        MessageStatus messageStatus,
        ReconcileStatus reconcileStatus,
        Map<String, String> consumers,
        List<EventView> events,
        Instant createdAt,
        Instant updatedAt) {

    public record EventView(String eventType, MessageStatus messageStatus, ReconcileStatus reconcileStatus,
                            int retryCount, Map<String, String> consumers) {
    }
}
