package dev.eventual.inventory.gate;

import dev.eventual.inventory.stock.StockMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;

import java.util.List;

/**
 * Seeds every gated SKU that has no count, then marks the catalog seeded. The reconcile job asks for
 * it when that mark is missing: Redis lost its data (or the gate was just turned on). It restores
 * the reservations of the orders in flight first, so each seed subtracts them (docs/stock-gate.md,
 * "After Redis lost its data").
 */
@Service
public class GateRebuild {

    private static final Logger log = LoggerFactory.getLogger(GateRebuild.class);
    private static final int PAGE = 500;

    private final GateAdapter gate;
    private final GateSeeding seeding;
    private final StockMapper stock;

    GateRebuild(GateAdapter gate, GateSeeding seeding, StockMapper stock) {
        this.gate = gate;
        this.seeding = seeding;
        this.stock = stock;
    }

    /** @return how many SKUs were seeded */
    public int rebuild() {
        if (!gate.enabled()) {
            throw new NotGatedException();
        }
        int seeded = 0;
        if (!gate.skus().isEmpty()) {
            for (long sku : gate.skus()) {
                seeded += seedIfMissing(sku);
            }
        } else {
            long after = Long.MIN_VALUE;
            List<Long> page;
            do {
                page = stock.skusAfter(after, PAGE);
                for (long sku : page) {
                    seeded += seedIfMissing(sku);
                }
                after = page.isEmpty() ? after : page.get(page.size() - 1);
            } while (page.size() == PAGE);
        }
        try {
            gate.markCatalogSeeded();
        } catch (DataAccessException e) {
            throw new GateUnavailableException("the stock gate cannot be marked seeded now ("
                    + e.getMostSpecificCause().getMessage() + ")", e);
        }
        log.info("Stock gate rebuilt: {} SKUs had no count and were seeded from the stock", seeded);
        return seeded;
    }

    private int seedIfMissing(long sku) {
        boolean seeded;
        try {
            seeded = gate.seeded(sku);
        } catch (DataAccessException e) {
            throw new GateUnavailableException("the stock gate cannot be read now (" + e.getMostSpecificCause().getMessage()
                    + ")", e);
        }
        return !seeded && seeding.seedForRebuild(sku).isPresent() ? 1 : 0;
    }
}
