package dev.eventual.gate;

/**
 * What the gate answered for one order.
 *
 * @param outcome  reserved, sold out, or not seeded
 * @param quantity reserved: the order's units; sold out: what was left; not seeded: 0
 */
public record GateDecision(GateOutcome outcome, long quantity) {

    public boolean reserved() {
        return outcome == GateOutcome.RESERVED;
    }
}
