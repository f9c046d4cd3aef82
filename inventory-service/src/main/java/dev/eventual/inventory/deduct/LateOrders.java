package dev.eventual.inventory.deduct;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.consumer.retention.LateEvents;

import java.time.Instant;
import java.util.Optional;

/**
 * Which events inventory refuses when it finds no deduct record (docs/retention.md, "A late event never applies
 * twice"). inventory_deduct_log keeps both events of an order under the order's key, so an event is judged by
 * its ORDER's birth: a create by its {@code createdAt}, a cancel by its {@code orderCreatedAt} (schema version 2),
 * or, written before that, by its own {@code canceledAt}, which is never earlier than the order's birth.
 */
final class LateOrders {

    private final LateEvents late;

    LateOrders(LateEvents late) {
        this.late = late;
    }

    /** @return the refusal's detail when the event may not be applied without its record; empty when it may */
    Optional<String> refusal(ReceivedEvent event) {
        return event.created() != null ? refusal(event.created()) : refusal(event.canceled());
    }

    Optional<String> refusal(OrderCreatedEvent event) {
        return refusal("order created", event.createdAt(), "");
    }

    Optional<String> refusal(OrderCanceledEvent event) {
        return event.orderCreatedAt() != null ? refusal("order created", event.orderCreatedAt(), "")
                : refusal("order canceled", event.canceledAt(), " (a version 1 event, without the order's creation time)");
    }

    private Optional<String> refusal(String what, Instant born, String note) {
        return late.refusal(what, born).map(reason -> LateEvents.REFUSED + reason + note
                + ": its record may have been cleaned, so it is not applied");
    }
}
