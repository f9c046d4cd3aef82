package dev.eventual.inventory.gate;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.inventory.deduct.DeductObserver;
import dev.eventual.inventory.deduct.DeductOutcome;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * inventory-service's side of the stock gate (docs/stock-gate.md): after its own transaction commits
 * (a release: just before), it tells the gate what changed in the database stock, so that the gate's count plus the
 * reservations in flight stays the stock. Every call is idempotent per order, so a redelivered event
 * tells it again harmlessly. A gated order inventory still fails is drift, counted in
 * {@code eventual.gate.drift}; a call Redis could not take is counted in
 * {@code eventual.gate.updates{result=failed}} and left to the reconcile job's exact seed, which
 * ends the reservations of settled orders ({@link GateSeeding}).
 */
@Service
public class InventoryGate implements DeductObserver {

    private static final Logger log = LoggerFactory.getLogger(InventoryGate.class);

    private final GateAdapter gate;
    private final MeterRegistry meters;

    InventoryGate(GateAdapter gate, MeterRegistry meters) {
        this.gate = gate;
        this.meters = meters;
    }

    @Override
    public void applied(OrderEventType type, long sku, DeductOutcome outcome) {
        switch (outcome.status()) {
            case SUCCESS -> deducted(sku, outcome.orderId());
            case FAIL -> {
                if (!outcome.duplicate()) {
                    failed(sku, outcome.orderId(), outcome.detail());
                }
            }
            // told inside the release's transaction
            case RELEASED -> { }
            case FENCED -> {
                if (type == OrderEventType.ORDER_CANCELED) {
                    fenced(sku, outcome.orderId());
                }
            }
            // nothing reached the stock, so the gate is told nothing: whether the order ever deducted is unknown
            // (its record may have been cleaned), so giving its units back could put sold ones on sale again, and
            // a release is the work order's to decide (docs/retention.md). A reservation it may still hold ends at
            // the next seed, which counts the REFUSED record as settled ({@link GateSeeding})
            case REFUSED -> { }
        }
    }

    /** The order's deduction is in the stock: its reservation is no longer in flight. */
    private void deducted(long sku, long orderId) {
        update(sku, orderId, "applied", () -> gate.applied(sku, orderId));
    }

    /** The gate let the order through, yet the stock could not take it. */
    private void failed(long sku, long orderId, String detail) {
        if (gate.gates(sku)) {
            meters.counter("eventual.gate.drift").increment();
            log.warn("Order {}: sku {} is gated, yet the stock refused the order ({}): the gate's count drifted",
                    orderId, sku, detail);
        }
    }

    /**
     * A deducted order is being released, inside the release's transaction: its reservation is surely
     * over, and its units go on sale again, once. Told just before the commit, while the release still
     * holds the SKU's stock row, so an exact seed (which takes that row) never sees the released stock
     * without the return, or the return twice (docs/stock-gate.md, "Seeding exactly"). A commit that
     * fails after it leaves the units returned early; the redelivered cancel releases the stock, and
     * its return is a repeat.
     */
    @Override
    public void releasing(long sku, long orderId, int quantity) {
        if (!gate.gates(sku)) {
            return;
        }
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void beforeCommit(boolean readOnly) {
                update(sku, orderId, "returned", () -> {
                    gate.applied(sku, orderId);
                    gate.returned(sku, orderId, quantity);
                });
            }
        });
    }

    /** A cancel fenced an order that never deducted: what it reserved goes back. */
    private void fenced(long sku, long orderId) {
        update(sku, orderId, "given_back", () -> gate.giveBack(sku, orderId));
    }

    private void update(long sku, long orderId, String what, Runnable call) {
        if (!gate.gates(sku)) {
            return;
        }
        try {
            call.run();
            meters.counter("eventual.gate.updates", "result", what).increment();
        } catch (DataAccessException e) {
            meters.counter("eventual.gate.updates", "result", "failed").increment();
            log.warn("Order {}: stock gate of sku {} not told ({}): {}", orderId, sku, what,
                    e.getMostSpecificCause().toString());
        }
    }
}
