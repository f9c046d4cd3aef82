package dev.eventual.notice.compose;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderEventType;

import java.time.Instant;

/**
 * What a notice is about, taken from an order event (consumed or passed to a retry call).
 *
 * @param reason      the cancel reason; null for a created order
 * @param born        the event's own time, which the retention judges it by (docs/retention.md): notice_log keeps
 *                    one record per notice, written after its own event, so a cancel notice is judged by
 *                    {@code canceledAt}, not by its order's age; null when the event carries none (then late)
 * @param traceparent the order's trace, continued while its notice is handled; null continues the current one
 * @throws InvalidNoticeRequestException when a field cannot belong to a real order
 */
public record NoticeRequest(long orderId, OrderEventType type, long userId, long skuId, int quantity, String reason,
                            Instant born, String traceparent) {

    public NoticeRequest {
        positive("orderId", orderId);
        positive("userId", userId);
        positive("skuId", skuId);
        positive("quantity", quantity);
        if (type == null) {
            throw new InvalidNoticeRequestException("type", "is required");
        }
    }

    public NoticeRequest(long orderId, OrderEventType type, long userId, long skuId, int quantity, String reason,
                         Instant born) {
        this(orderId, type, userId, skuId, quantity, reason, born, null);
    }

    public static NoticeRequest of(OrderCreatedEvent event) {
        return of(event, null);
    }

    public static NoticeRequest of(OrderCanceledEvent event) {
        return of(event, null);
    }

    public static NoticeRequest of(OrderCreatedEvent event, String traceparent) {
        return new NoticeRequest(event.orderId(), OrderEventType.ORDER_CREATED, event.userId(), event.skuId(),
                event.quantity(), null, event.createdAt(), traceparent);
    }

    public static NoticeRequest of(OrderCanceledEvent event, String traceparent) {
        return new NoticeRequest(event.orderId(), OrderEventType.ORDER_CANCELED, event.userId(), event.skuId(),
                event.quantity(), event.reason(), event.canceledAt(), traceparent);
    }

    private static void positive(String field, long value) {
        if (value <= 0) {
            throw new InvalidNoticeRequestException(field, "must be a positive integer");
        }
    }
}
