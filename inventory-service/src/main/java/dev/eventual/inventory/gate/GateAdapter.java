package dev.eventual.inventory.gate;

import dev.eventual.gate.GateProperties;
import dev.eventual.gate.GateSeed;
import dev.eventual.gate.StockGate;
import dev.eventual.gate.StockGate.MissingCount;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.Set;

/**
 * inventory-service's one door to platform/stock-gate ({@code dev.eventual.gate}): the observer, the
 * seeding and the rebuild go through it, so the library's types stop here (docs/design.md, "Code
 * layout"; {@code PackageStructureTest} pins it). It decides nothing; Redis failures propagate as the
 * library raises them ({@link org.springframework.dao.DataAccessException}).
 */
@Component
class GateAdapter {

    private final StockGate gate;
    private final GateProperties properties;

    GateAdapter(StockGate gate, GateProperties properties) {
        this.gate = gate;
        this.properties = properties;
    }

    /** {@code eventual.gate.enabled} */
    boolean enabled() {
        return properties.enabled();
    }

    /** {@code eventual.gate.skus}; empty gates every SKU */
    Set<Long> skus() {
        return properties.skus();
    }

    boolean gates(long sku) {
        return properties.gates(sku);
    }

    void applied(long sku, long orderId) {
        gate.applied(sku, orderId);
    }

    void returned(long sku, long orderId, int quantity) {
        gate.returned(sku, orderId, quantity);
    }

    void giveBack(long sku, long orderId) {
        gate.giveBack(sku, orderId);
    }

    boolean seeded(long sku) {
        return gate.seeded(sku);
    }

    boolean catalogSeeded(long sku) {
        return gate.catalogSeeded(sku);
    }

    void markCatalogSeeded() {
        gate.markCatalogSeeded();
    }

    /** The orders holding a reservation of the SKU. */
    Set<Long> reservedOrders(long sku) {
        return gate.state(sku).reservations().keySet();
    }

    /**
     * {@link StockGate#seed}: exact only under the SKU's stock row lock.
     *
     * @param create a missing count is created (else left to the rebuild)
     * @param newSku inventory has just created the SKU: no order can have been admitted for it before
     */
    SeedOutcome seed(long sku, long stock, Collection<Long> settled, boolean create, boolean newSku) {
        GateSeed seed = gate.seed(sku, stock, settled, !create ? MissingCount.LEAVE
                : newSku ? MissingCount.CREATE_FOR_NEW_SKU : MissingCount.CREATE);
        return new SeedOutcome(seed.before(), seed.available(), seed.ended());
    }
}
