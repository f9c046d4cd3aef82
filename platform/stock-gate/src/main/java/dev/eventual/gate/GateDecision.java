package dev.eventual.gate;

/**
 * What the gate answered for one order.
 *
 * @param outcome           reserved, sold out, or not seeded
 * @param quantity          reserved: the order's units; sold out: what was left; not seeded: 0
 * @param buyerMayHaveOrder false only when sold out and the gate knows every buyer it ever admitted for the
 *                          SKU, this one not among them: no order of this buyer's Idempotency-Key can exist
 */
public record GateDecision(GateOutcome outcome, long quantity, boolean buyerMayHaveOrder) {

    public boolean reserved() {
        return outcome == GateOutcome.RESERVED;
    }
}
