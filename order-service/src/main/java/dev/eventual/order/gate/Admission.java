package dev.eventual.order.gate;

/**
 * How an order came past the gate: with a reservation to keep or give back, or without one (an
 * ungated SKU, the gate off, or bypassed while Redis could not answer).
 */
public record Admission(long sku, long orderId, boolean reserved) {
}
