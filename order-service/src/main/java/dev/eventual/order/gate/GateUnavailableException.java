package dev.eventual.order.gate;

import dev.eventual.order.config.OrderRejection;
import dev.eventual.order.placement.OrderRefusedException;

/**
 * The gate cannot answer for a gated SKU (Redis unreachable, or no count for the SKU while its catalog is
 * not seeded: Redis lost its data and the rebuild is pending) and refuses: 503.
 */
public class GateUnavailableException extends OrderRefusedException {

    GateUnavailableException(String detail, Throwable cause) {
        super(detail, cause);
    }

    @Override
    public OrderRejection rejection() {
        return OrderRejection.GATE_UNAVAILABLE;
    }
}
