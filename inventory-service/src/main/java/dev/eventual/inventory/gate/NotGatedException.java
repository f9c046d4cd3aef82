package dev.eventual.inventory.gate;

/** A seed was asked for a SKU {@code eventual.gate.*} does not gate, or while the gate is off: 409. */
public class NotGatedException extends RuntimeException {

    NotGatedException(long sku) {
        super("sku " + sku + " is not gated (eventual.gate.enabled, eventual.gate.skus)");
    }

    NotGatedException() {
        super("the stock gate is off (eventual.gate.enabled)");
    }
}
