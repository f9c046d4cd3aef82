package dev.eventual.launcher.invariants;

import dev.eventual.gate.GateState;
import dev.eventual.gate.StockGate;

import java.util.List;
import java.util.Map;

/**
 * The stock gate's guarantees after the suite went quiet (docs/stock-gate.md), per gated SKU: its
 * count plus the reservations still held is the database stock, and no reservation is left: every
 * one was applied downstream or given back, so no reservation outlives its order and none is held
 * without one.
 */
public final class GateInvariants {

    private GateInvariants() {
    }

    /** @param stock the database stock of each gated SKU to check */
    public static void check(StockGate gate, Map<Long, Integer> stock, List<Violation> violations) {
        stock.forEach((sku, units) -> {
            GateState state = gate.state(sku);
            if (state.available() == null) {
                violations.add(new Violation("gate seeded", "sku " + sku, "no count in Redis"));
                return;
            }
            if (state.available() + state.reserved() != units) {
                violations.add(new Violation("gate count + reservations = stock", "sku " + sku, "count "
                        + state.available() + " + reserved " + state.reserved() + " != stock " + units));
            }
            if (!state.reservations().isEmpty()) {
                violations.add(new Violation("no reservation left once quiet", "sku " + sku,
                        "reservations " + state.reservations()));
            }
        });
    }
}
