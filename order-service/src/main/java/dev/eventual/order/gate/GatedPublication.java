package dev.eventual.order.gate;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedException;
import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedReason;
import dev.eventual.order.core.outbox.OrderOutbox.Publication;
import dev.eventual.order.core.outbox.OrderOutbox.PublicationDecorator;
import dev.eventual.order.core.outbox.OrderOutbox.Publishing;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.function.Supplier;

/**
 * The stock gate around a created order's publication (docs/stock-gate.md): a gated SKU's units are
 * reserved first, so a sold-out or unknown SKU is refused before anything is written or sent; every
 * end that is not a committed order gives them back, except an unknown one, which the check-back
 * settles ({@link GateCheckBackRollbacks} gives them back if it rolls the attempt back).
 */
@Component
class GatedPublication implements PublicationDecorator {

    private static final Logger log = LoggerFactory.getLogger(GatedPublication.class);

    private final OrderGate gate;

    GatedPublication(OrderGate gate) {
        this.gate = gate;
    }

    @Override
    public Publication decorate(Publishing publishing, Supplier<Publication> publication) {
        if (!(publishing.event() instanceof OrderCreatedEvent created)) {
            return publication.get();
        }
        long orderId = publishing.orderId();
        Admission admission;
        try {
            admission = gate.admit(created.skuId(), orderId, created.quantity(), created.userId(), publishing.idempotencyKey());
        } catch (GateUnavailableException e) {
            log.warn("Order {}: stock gate unavailable ({})", orderId, e.getMessage());
            throw e;
        }
        try {
            return publication.get();
        } catch (NotPublishedException e) {
            gate.giveBack(admission, e.reason() == NotPublishedReason.BROKER_UNAVAILABLE ? "broker_unavailable" : "not_committed");
            throw e;
        } catch (RuntimeException e) {
            gate.giveBack(admission, "not_committed");
            throw e;
        }
    }
}
