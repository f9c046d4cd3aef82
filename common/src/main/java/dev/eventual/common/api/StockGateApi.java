package dev.eventual.common.api;

import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;

/**
 * inventory-service's repair acts on the stock gate (docs/stock-gate.md), as the reconcile job calls them
 * (its client's scope inventory.gate); the admin may too. inventory-service's controller does not implement this interface:
 * its handlers also take the caller, for the audit, so they share the paths instead.
 */
public interface StockGateApi {

    String RESEED_PATH = "/api/inventory/{skuId}/gate";
    String REBUILD_PATH = "/api/inventory/gate/rebuild";

    /** Seeds a gated SKU's count again from its stock, exactly; 404 for a SKU inventory does not hold. */
    @PostMapping(RESEED_PATH)
    GateSeedView reseed(@PathVariable("skuId") String skuId);

    /** Seeds every gated SKU that has no count, then marks the gate seeded. */
    @PostMapping(REBUILD_PATH)
    GateRebuildView rebuild();

    /**
     * @param before    the count before; null when the SKU had none
     * @param available the count now: stock minus the reservations in flight; null when the SKU had none
     *                  and it was left to the rebuild (Redis lost its data)
     * @param ended     reservations of orders inventory had settled already, ended by the seed
     */
    record GateSeedView(String sku, Long before, Long available, int ended) {

        /** How far the count was off, in units; 0 when it was right or had none. */
        public long correction() {
            return before == null || available == null ? 0 : available - before;
        }
    }

    /** @param seeded the gated SKUs that had no count and were seeded */
    record GateRebuildView(int seeded) {
    }
}
