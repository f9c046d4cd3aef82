package dev.eventual.order.gate;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.outbox.OrderOutbox.CheckBackRollbacks;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * A created order's attempt that a check-back rolled back will never be an order: a gated SKU's units
 * go back (a no-op when they were given back before; docs/stock-gate.md).
 */
@Component
class GateCheckBackRollbacks implements CheckBackRollbacks {

    private static final Logger log = LoggerFactory.getLogger(GateCheckBackRollbacks.class);

    private final OrderGate gate;

    GateCheckBackRollbacks(OrderGate gate) {
        this.gate = gate;
    }

    @Override
    public void rolledBack(long orderId, OrderEventType eventType, byte[] payload) {
        if (eventType != OrderEventType.ORDER_CREATED) {
            return;
        }
        long sku;
        try {
            sku = OrderEvents.fromBytes(payload, OrderCreatedEvent.class).skuId();
        } catch (RuntimeException unreadable) {
            log.warn("Order {}: rolled back, but its half message names no SKU to give back ({})", orderId,
                    unreadable.toString());
            return;
        }
        gate.giveBack(sku, orderId, "check_back_rollback");
    }
}
