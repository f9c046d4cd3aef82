package dev.eventual.order.gate;

/**
 * The gate cannot answer for a gated SKU (Redis unreachable, or no count for the SKU while its catalog is
 * not seeded: Redis lost its data and the rebuild is pending) and refuses: 503.
 */
public class GateUnavailableException extends RuntimeException {

    GateUnavailableException(String detail, Throwable cause) {
        super(detail, cause);
    }
}
