package dev.eventual.inventory.gate;

import dev.eventual.inventory.stock.SkuStock;
import dev.eventual.inventory.stock.StockMapper;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Derives a gated SKU's count from the database stock, exactly (docs/stock-gate.md, "Seeding
 * exactly"): under the SKU's stock row lock, so no deduction or release commits meanwhile, and after
 * ending the reservations of the orders inventory has already settled (their outcome is in the stock;
 * the gate may not have been told yet). What is left in the reservations is truly in flight, so
 * {@code count = stock - reservations} holds however much traffic the SKU has.
 */
@Service
public class GateSeeding {

    private static final Logger log = LoggerFactory.getLogger(GateSeeding.class);

    private final GateAdapter gate;
    private final StockMapper stock;
    private final SettledOrderMapper settled;
    private final MeterRegistry meters;

    GateSeeding(GateAdapter gate, StockMapper stock, SettledOrderMapper settled, MeterRegistry meters) {
        this.gate = gate;
        this.stock = stock;
        this.settled = settled;
        this.meters = meters;
    }

    /**
     * Sets the SKU's stock and, when it is gated, seeds its count in the same transaction: a gate that
     * cannot be seeded leaves the stock unchanged (503), so the two never disagree.
     */
    @Transactional
    public void setStock(long sku, int units) {
        if (!gate.gates(sku)) {
            stock.set(sku, units);
            return;
        }
        // a SKU inventory did not hold has had no order admitted by the gate: its count starts the complete
        // history of its buyers, which lets a sold-out refusal skip order_db (docs/stock-gate.md, "A refusal
        // without SQL"). Two PUTs creating it at once both see it new, and both are right
        boolean newSku = stock.stockOf(sku) == null;
        stock.set(sku, units);
        seedLocked(sku, units, false, newSku);
    }

    /**
     * Seeds a gated SKU's count again from its stock; empty when inventory has no such SKU. A missing
     * count is created only while the SKU's slot has its catalog mark (the server holding it has not lost
     * its data since the rebuild); otherwise it is left to the rebuild, which restores the reservations
     * in flight first.
     */
    @Transactional
    public Optional<SeedOutcome> reseed(long sku) {
        return seed(sku, false);
    }

    /** {@link #reseed}, for the rebuild: the reservations in flight are restored, a missing count is created. */
    @Transactional
    public Optional<SeedOutcome> seedForRebuild(long sku) {
        return seed(sku, true);
    }

    private Optional<SeedOutcome> seed(long sku, boolean rebuild) {
        if (!gate.gates(sku)) {
            throw new NotGatedException(sku);
        }
        List<SkuStock> row = stock.lockAll(List.of(sku));
        return row.isEmpty() ? Optional.empty() : Optional.of(seedLocked(sku, row.get(0).stock(), rebuild, false));
    }

    /** The caller holds the SKU's stock row lock. */
    private SeedOutcome seedLocked(long sku, int units, boolean rebuild, boolean newSku) {
        boolean create = rebuild || fromRedis(sku, () -> gate.catalogSeeded(sku));
        List<Long> held = List.copyOf(fromRedis(sku, () -> gate.reservedOrders(sku)));
        List<Long> settledOrders = held.isEmpty() ? List.of() : settled.settledAmong(held);
        SeedOutcome seed = fromRedis(sku, () -> gate.seed(sku, units, settledOrders, create, newSku));
        if (seed.available() == null) {
            log.warn("Stock gate of sku {} not seeded: Redis lost its data, the reconcile job's rebuild seeds it", sku);
            return seed;
        }
        meters.counter("eventual.gate.updates", "result", "seeded").increment();
        log.info("Stock gate of sku {} seeded: {} for sale of {} in stock (was {}; {} settled reservations ended)",
                sku, seed.available(), units, seed.before() == null ? "not seeded" : seed.before(), seed.ended());
        return seed;
    }

    private <T> T fromRedis(long sku, Supplier<T> call) {
        try {
            return call.get();
        } catch (DataAccessException e) {
            meters.counter("eventual.gate.updates", "result", "failed").increment();
            throw new GateUnavailableException("the stock gate of sku " + sku + " cannot be seeded now ("
                    + e.getMostSpecificCause().getMessage() + ")", e);
        }
    }
}
