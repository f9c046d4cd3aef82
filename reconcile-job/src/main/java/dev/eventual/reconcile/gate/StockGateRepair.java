package dev.eventual.reconcile.gate;

import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.reconcile.InFlightOrders;
import dev.eventual.common.api.StockGateApi.GateSeedView;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.gate.GateProperties;
import dev.eventual.gate.StockGate;
import dev.eventual.tracing.OrderTraces;
import feign.FeignException;
import feign.RetryableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;

import java.time.Clock;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Keeps the stock gate consistent with the databases (docs/stock-gate.md, "Repair"), in three steps:
 * <ol>
 *   <li><b>Rebuild</b>, when a slot has no "catalog seeded" mark (Redis, or one master of a cluster, lost
 *       its data, or the gate was just turned on): the orders in flight in order_db get their reservations back, then inventory-service
 *       seeds every gated SKU that has no count. Until then the gate answers "not seeded" for them.</li>
 *   <li><b>Dead placements</b>: a reservation older than the grace whose order is not in order_db was
 *       left by an order-service that died between the gate and the commit; it is given back.</li>
 *   <li><b>Drift</b>: inventory-service seeds every gated SKU Redis knows again, exactly (under the
 *       stock row lock, ending the reservations of orders it settled); a count that was off is
 *       counted in {@code eventual.gate.repaired{kind=count_corrected}}.</li>
 * </ol>
 * Every step is idempotent, so two runs at once (two executors) do no harm.
 */
@Service
public class StockGateRepair {

    private static final Logger log = LoggerFactory.getLogger(StockGateRepair.class);

    private final StockGate gate;
    private final GateProperties gated;
    private final GateRepairProperties properties;
    private final OrderShards shards;
    private final InFlightOrders orders;
    private final StockGateClient inventory;
    private final GateRepairMetrics metrics;
    private final Clock clock;

    StockGateRepair(StockGate gate, GateProperties gated, GateRepairProperties properties, OrderShards shards,
                    InFlightOrders orders, StockGateClient inventory, GateRepairMetrics metrics, Clock clock) {
        this.gate = gate;
        this.gated = gated;
        this.properties = properties;
        this.shards = shards;
        this.orders = orders;
        this.inventory = inventory;
        this.metrics = metrics;
        this.clock = clock;
    }

    public GateRepairResult run() {
        if (!gated.enabled()) {
            return GateRepairResult.OFF;
        }
        Tally tally = new Tally();
        try {
            if (!gate.catalogSeeded()) {
                rebuild(tally);
            }
            Set<Long> skus = gated(gate.knownSkus());
            giveBackDeadPlacements(skus, tally);
            reseed(skus, tally);
        } catch (RetryableException | FeignException.ServiceUnavailable | DataAccessException e) {
            tally.stopped = true;
            log.warn("Stock gate repair stopped, the next run goes on: {}", e.toString());
        }
        GateRepairResult result = tally.result();
        metrics.record(result);
        return result;
    }

    private void rebuild(Tally tally) {
        log.warn("Stock gate lacks catalog-seeded marks (Redis, or a cluster master, lost its data, or the gate was just"
                + " turned on): rebuilding");
        for (int server = 0; server < shards.servers(); server++) {
            restoreInFlight(server, tally);
        }
        tally.rebuilt = inventory.rebuild().seeded();
        log.info("Stock gate rebuilt: {} reservations in flight restored, {} SKUs seeded", tally.restored, tally.rebuilt);
    }

    /** Restores the reservations of the orders in flight on one order_db server. */
    private void restoreInFlight(int server, Tally tally) {
        long after = 0;
        List<InFlightOrders.Order> page;
        do {
            page = orders.page(server, OrderMessaging.INVENTORY_CONSUMER_GROUP, after, properties.pageSize());
            for (InFlightOrders.Order order : page) {
                if (gated.gates(order.skuId()) && gate.restore(order.skuId(), order.orderId(), order.quantity(),
                        order.createdAt().toInstant(ZoneOffset.UTC))) {
                    tally.restored++;
                    try (OrderTraces.OrderInLogs inLogs = OrderTraces.inLogs(order.orderId())) {
                        log.info("Order {}: reservation of {} units of sku {} restored for the rebuild", order.orderId(),
                                order.quantity(), order.skuId());
                    }
                }
            }
            after = page.isEmpty() ? after : page.get(page.size() - 1).messageId();
        } while (page.size() == properties.pageSize());
    }

    /** Redis may hold SKUs the configuration no longer gates: those are left alone. */
    private Set<Long> gated(Set<Long> skus) {
        Set<Long> gatedSkus = new TreeSet<>(skus);
        gatedSkus.removeIf(sku -> !gated.gates(sku));
        return gatedSkus;
    }

    private void giveBackDeadPlacements(Set<Long> skus, Tally tally) {
        for (long sku : skus) {
            List<Long> old = gate.reservedBefore(sku, clock.instant().minus(properties.grace()));
            if (old.isEmpty()) {
                continue;
            }
            Set<Long> dead = new HashSet<>(old);
            orders.existing(old).forEach(dead::remove);
            for (long orderId : dead) {
                long units = gate.giveBack(sku, orderId);
                if (units > 0) {
                    tally.givenBack++;
                    try (OrderTraces.OrderInLogs inLogs = OrderTraces.inLogs(orderId)) {
                        log.warn("Order {}: reserved {} units of sku {} more than {} ago and never created; given back",
                                orderId, units, sku, properties.grace());
                    }
                }
            }
        }
    }

    private void reseed(Set<Long> skus, Tally tally) {
        for (long sku : skus) {
            GateSeedView seed;
            try {
                seed = inventory.reseed(Long.toString(sku));
            } catch (FeignException.NotFound e) {
                log.warn("Stock gate holds sku {}, which inventory-service does not: left as it is", sku);
                continue;
            }
            tally.reseeded++;
            if (seed.correction() != 0) {
                tally.corrected += Math.abs(seed.correction());
                log.warn("Stock gate of sku {} was off by {} units ({} for sale, {} after seeding from the stock)", sku,
                        seed.correction(), seed.before(), seed.available());
            }
        }
    }

    private static final class Tally {
        int restored;
        int rebuilt;
        int givenBack;
        long corrected;
        int reseeded;
        boolean stopped;

        GateRepairResult result() {
            return new GateRepairResult(restored, rebuilt, givenBack, corrected, reseeded, stopped);
        }
    }
}
