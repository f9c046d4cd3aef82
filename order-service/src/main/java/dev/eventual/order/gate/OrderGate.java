package dev.eventual.order.gate;

import dev.eventual.gate.GateDecision;
import dev.eventual.gate.GateOutcome;
import dev.eventual.gate.GateProperties;
import dev.eventual.gate.StockGate;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * order-service's side of the stock gate (docs/stock-gate.md): a gated order reserves its units before
 * the half message, and every attempt that does not end in a committed order gives them back.
 * Counted in {@code eventual.gate.decisions{outcome}} and {@code eventual.gate.given-back{reason}}.
 */
@Service
public class OrderGate {

    private static final Logger log = LoggerFactory.getLogger(OrderGate.class);

    private final StockGate gate;
    private final GateProperties properties;
    private final MeterRegistry meters;

    public OrderGate(StockGate gate, GateProperties properties, MeterRegistry meters) {
        this.gate = gate;
        this.properties = properties;
        this.meters = meters;
    }

    /**
     * @throws SoldOutException         the SKU has too few units left
     * @throws UnknownSkuException      the gate's catalog is seeded (on the SKU's slot) and has no count for the SKU
     * @throws GateUnavailableException the gate cannot answer and is configured to refuse
     */
    public Admission admit(long sku, long orderId, int quantity, long userId, String idempotencyKey) {
        if (!properties.gates(sku)) {
            return new Admission(sku, orderId, false);
        }
        String buyer = buyer(userId, idempotencyKey);
        GateDecision decision;
        boolean catalogSeeded = false;
        try {
            decision = gate.reserve(sku, orderId, quantity, buyer);
            if (decision.outcome() == GateOutcome.NOT_SEEDED && gate.catalogSeeded(sku)) {
                // the rebuild sets the mark after its last seed: asked again now, a SKU it seeded since the
                // first answer has its count, and one still without a count is not in inventory. The mark
                // read is the one on the SKU's own slot, lost together with its count (a cluster master
                // that came back empty)
                catalogSeeded = true;
                decision = gate.reserve(sku, orderId, quantity, buyer);
            }
        } catch (DataAccessException e) {
            return unavailable(sku, orderId, "Redis cannot answer: " + e.getMostSpecificCause(), e);
        }
        return switch (decision.outcome()) {
            case RESERVED -> {
                count("reserved");
                yield new Admission(sku, orderId, true);
            }
            case SOLD_OUT -> {
                count("sold_out");
                throw new SoldOutException(new SoldOut(sku, quantity, decision.quantity()), decision.buyerMayHaveOrder());
            }
            case NOT_SEEDED -> {
                if (catalogSeeded) {
                    // an answer, not an outage: BYPASS would only let inventory refuse the order later
                    count("unknown_sku");
                    throw new UnknownSkuException(sku);
                }
                yield unavailable(sku, orderId, "the gate has no count for sku " + sku + " yet (its catalog is not"
                        + " seeded: the reconcile job's rebuild is pending)", null);
            }
        };
    }

    /**
     * Whether the order is sold out and its customer surely has no order of the SKU under this Idempotency-Key
     * (docs/stock-gate.md, "A refusal without SQL"), asked without reserving, so that the order can be refused
     * before it is placed. Counted as a sold-out decision when so.
     *
     * @return what was sold out when so; empty when the placement decides (units left, not gated, the buyer may
     *         have an order, or Redis cannot answer: the placement meets the same)
     */
    public Optional<SoldOut> soldOutToNewBuyer(long sku, int quantity, long userId, String idempotencyKey) {
        if (!properties.gates(sku)) {
            return Optional.empty();
        }
        OptionalLong left;
        try {
            left = gate.soldOutToNewBuyer(sku, quantity, buyer(userId, idempotencyKey));
        } catch (DataAccessException e) {
            return Optional.empty();
        }
        if (left.isEmpty()) {
            return Optional.empty();
        }
        count("sold_out");
        return Optional.of(new SoldOut(sku, quantity, left.getAsLong()));
    }

    /** The buyer as the gate remembers it: an Idempotency-Key is unique per customer. */
    private static String buyer(long userId, String idempotencyKey) {
        return userId + ":" + idempotencyKey;
    }

    /**
     * Gives the order's units back: its attempt will never be a committed order. Once, however often
     * called. A Redis that cannot be reached leaves the reservation to be found later (logged, counted).
     */
    public void giveBack(Admission admission, String reason) {
        if (admission.reserved()) {
            giveBack(admission.sku(), admission.orderId(), reason);
        }
    }

    /** The same for an order known only by its SKU (a check-back that rolled its attempt back). */
    public void giveBack(long sku, long orderId, String reason) {
        if (!properties.gates(sku)) {
            return;
        }
        try {
            long units = gate.giveBack(sku, orderId);
            if (units > 0) {
                meters.counter("eventual.gate.given-back", "reason", reason).increment();
                log.info("Order {}: {} units of sku {} given back to the gate ({})", orderId, units, sku, reason);
            }
        } catch (DataAccessException e) {
            meters.counter("eventual.gate.given-back", "reason", "failed").increment();
            log.warn("Order {}: could not give its units of sku {} back to the gate ({}): {}", orderId, sku, reason,
                    e.getMostSpecificCause().toString());
        }
    }

    private Admission unavailable(long sku, long orderId, String why, Throwable cause) {
        if (properties.whenUnavailable() == GateProperties.WhenUnavailable.BYPASS) {
            count("bypassed");
            log.warn("Order {}: stock gate bypassed for sku {}: {}", orderId, sku, why);
            return new Admission(sku, orderId, false);
        }
        count("unavailable");
        throw new GateUnavailableException(why, cause);
    }

    private void count(String outcome) {
        meters.counter("eventual.gate.decisions", "outcome", outcome).increment();
    }
}
