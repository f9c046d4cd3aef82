package dev.eventual.reconcile.gate;

import dev.eventual.gate.GateProperties;
import dev.eventual.gate.GateState;
import dev.eventual.gate.StockGate;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * What the stock gate holds for one order, for the console's story of it: the job's gate package is where it
 * meets the gate library (docs/stock-gate.md), the console asks here.
 */
@Component
public class GateReservations {

    private final GateProperties gated;
    private final ObjectProvider<StockGate> gate;

    GateReservations(GateProperties gated, ObjectProvider<StockGate> gate) {
        this.gated = gated;
        this.gate = gate;
    }

    /** Empty when no gate runs here or it does not gate the SKU; Redis away is a reservation that says so. */
    public Optional<Reservation> of(long sku, long orderId) {
        StockGate redis = gate.getIfAvailable();
        if (redis == null || !gated.gates(sku)) {
            return Optional.empty();
        }
        try {
            GateState state = redis.state(sku);
            return Optional.of(new Reservation(sku, state.available(), state.reservations().get(orderId), null));
        } catch (DataAccessException e) {
            // the rest of the story is order_db's: it is still worth showing while Redis is away
            return Optional.of(new Reservation(sku, null, null, e.getMessage()));
        }
    }

    /**
     * @param available   the gate's count for the SKU; null when Redis has no count (never seeded, or lost its data)
     *                    or could not be asked
     * @param held        units this order's reservation holds; null when it holds none (applied, given back, or
     *                    never taken)
     * @param unavailable why Redis could not be asked; null when it answered
     */
    public record Reservation(long sku, Long available, Integer held, String unavailable) {
    }
}
