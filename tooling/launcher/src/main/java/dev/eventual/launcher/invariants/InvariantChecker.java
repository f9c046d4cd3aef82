package dev.eventual.launcher.invariants;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.status.ReconcileStatus;
import dev.eventual.inventory.deduct.DeductStatus;
import dev.eventual.launcher.invariants.DatabaseSnapshot.Deduction;
import dev.eventual.launcher.invariants.DatabaseSnapshot.Event;
import dev.eventual.launcher.invariants.DatabaseSnapshot.EventKey;
import dev.eventual.launcher.invariants.DatabaseSnapshot.Order;
import dev.eventual.notice.store.NoticeStatus;

import dev.eventual.order.core.shard.OrderShards;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the three databases after the suite went quiet and reports every broken guarantee:
 * <ul>
 *   <li>stock: per SKU, initial = current + sum of SUCCESS deductions (a RELEASED one was given
 *       back, a FENCED one never taken), and never negative; at most one deduction per order (the
 *       deduct record's key), none for an order that does not exist;</li>
 *   <li>reconciliation: every committed order's created event, and every committed cancel event,
 *       is reconciled SUCCESS, or FAIL with exactly one open work order;</li>
 *   <li>rollback: no rolled-back order (an attempt a check-back settled ROLLED_BACK) has any downstream effect;</li>
 *   <li>notices: every SUCCESS notice belongs to a committed order;</li>
 *   <li>cancels ({@link CancelInvariants}): a CANCELED order has its committed cancel event, its
 *       stock released or never taken and its cancel notice sent; nothing is released or noticed as
 *       canceled for an order that is not;</li>
 *   <li>the broker fallback ({@link WaitingInvariants}): an event still WAITING for the broker is the
 *       relay's, with sends left, or has a work order;</li>
 *   <li>consumer statuses ({@link ConsumerStatusInvariants}): every inventory and notice report in order_db
 *       has its effect in inventory_db or notice_db (a FAIL none), and every effect its report.</li>
 * </ul>
 * Used by the tests and, against a running stack, by {@link InvariantCheckCommand}.
 */
public final class InvariantChecker {

    /** The relay's default {@code eventual.order.relay.max-attempts} (order-core's outbox {@code RelayProperties}). */
    public static final int RELAY_MAX_ATTEMPTS = 16;

    private final List<Connection> orders;
    private final Connection inventory;
    private final Connection notices;
    private final int relayMaxAttempts;
    private final Retentions retentions;

    /**
     * @param orders           order_db's servers, one connection each (docs/design.md, "Sharding order_db")
     * @param relayMaxAttempts the relay's {@code eventual.order.relay.max-attempts}: a WAITING event sent this often
     *                         without a work order is a violation
     * @param retentions       how long each cleaned table keeps its rows (docs/retention.md)
     */
    public InvariantChecker(List<Connection> orders, Connection inventory, Connection notices, int relayMaxAttempts,
                            Retentions retentions) {
        this.orders = List.copyOf(orders);
        this.inventory = inventory;
        this.notices = notices;
        this.relayMaxAttempts = relayMaxAttempts;
        this.retentions = retentions;
    }

    /** With the suite's default retentions. */
    public InvariantChecker(List<Connection> orders, Connection inventory, Connection notices, int relayMaxAttempts) {
        this(orders, inventory, notices, relayMaxAttempts, Retentions.DEFAULTS);
    }

    /** With the relay's default maximum of sends. */
    public InvariantChecker(List<Connection> orders, Connection inventory, Connection notices) {
        this(orders, inventory, notices, RELAY_MAX_ATTEMPTS);
    }

    public InvariantChecker(Connection orders, Connection inventory, Connection notices) {
        this(List.of(orders), inventory, notices);
    }

    /** @param initialStock the stock each checked SKU started with */
    public List<Violation> check(Map<Long, Integer> initialStock) throws SQLException {
        DatabaseSnapshot db = DatabaseSnapshot.read(orders, inventory, notices);
        List<Violation> violations = new ArrayList<>();
        onItsServer(db, violations);
        effectsNeedACommittedOrder(db, violations);
        stockConserved(db, initialStock, violations);
        eventsSettled(db, violations);
        CancelInvariants.check(db, retentions, violations);
        WaitingInvariants.check(db, relayMaxAttempts, violations);
        ConsumerStatusInvariants.check(db, retentions, violations);
        RetentionInvariants.check(db, retentions, violations);
        return violations;
    }

    /** An order lies on the server its id names, where every lookup by id goes (docs/design.md, "Sharding order_db"). */
    private void onItsServer(DatabaseSnapshot db, List<Violation> violations) {
        OrderShards shards = new OrderShards(orders.size());
        db.serverOfOrder().forEach((order, server) -> {
            int expected = shards.serverOfOrder(order);
            if (expected != server) {
                violations.add(new Violation("order on its server", "order " + order,
                        "on order_db server " + server + ", its id names server " + expected));
            }
        });
    }

    private static void effectsNeedACommittedOrder(DatabaseSnapshot db, List<Violation> violations) {
        db.deductions().forEach((order, deduction) -> {
            boolean took = deduction.status() == DeductStatus.SUCCESS || deduction.status() == DeductStatus.RELEASED;
            if (took && !db.orders().containsKey(order)) {
                boolean rolledBack = db.rolledBackEvents().contains(new EventKey(order, OrderEventType.ORDER_CREATED));
                violations.add(new Violation("no effect without a committed order", "order " + order,
                        "inventory " + deduction.status() + (rolledBack ? " for a rolled-back order" : "")));
            }
        });
        db.notices().forEach((notice, status) -> {
            if (status == NoticeStatus.SUCCESS && !db.orders().containsKey(notice.orderId())) {
                violations.add(new Violation("no effect without a committed order", "order " + notice.orderId(),
                        notice.type() + " notice sent"));
            }
        });
    }

    private void stockConserved(DatabaseSnapshot db, Map<Long, Integer> initialStock, List<Violation> violations)
            throws SQLException {
        Map<Long, Long> deducted = new HashMap<>();
        for (Deduction deduction : db.deductions().values()) {
            if (deduction.status() == DeductStatus.SUCCESS) {
                deducted.merge(deduction.skuId(), (long) deduction.quantity(), Long::sum);
            }
        }
        for (Map.Entry<Long, Integer> sku : initialStock.entrySet()) {
            if (deductionsMayHaveGone(db, sku.getKey())) {
                // a deduct record cleaned by retention took its units out of the sum: the records cannot say
                continue;
            }
            Long current = stockOf(sku.getKey());
            long taken = deducted.getOrDefault(sku.getKey(), 0L);
            if (current == null || current < 0) {
                violations.add(new Violation("stock never negative", "sku " + sku.getKey(), "stock " + current));
            } else if (current + taken != sku.getValue()) {
                violations.add(new Violation("stock conserved", "sku " + sku.getKey(), "initial " + sku.getValue()
                        + " != current " + current + " + deducted " + taken));
            }
        }
    }

    /** Whether some order of the SKU is old enough for retention to have cleaned its deduct record. */
    private boolean deductionsMayHaveGone(DatabaseSnapshot db, long sku) {
        return db.orders().values().stream().anyMatch(order -> order.skuId() == sku
                && retentions.mayHaveCleaned(Retentions.DEDUCT_LOG, order.createdAge()));
    }

    /**
     * Every committed order's created event and every committed cancel event is settled; a created event that the
     * history's retention may have removed (archived after {@code archive-after}, kept {@code history}) is not missing.
     */
    private void eventsSettled(DatabaseSnapshot db, List<Violation> violations) {
        long gone = retentions.seconds(Retentions.MESSAGE_LOG) + retentions.seconds(Retentions.HISTORY);
        for (Map.Entry<Long, Order> order : db.orders().entrySet()) {
            EventKey created = new EventKey(order.getKey(), OrderEventType.ORDER_CREATED);
            if (db.committedEvents().containsKey(created) || order.getValue().createdAge() < gone) {
                settled(db, created, violations);
            }
        }
        for (EventKey event : db.committedEvents().keySet()) {
            if (event.type() == OrderEventType.ORDER_CANCELED) {
                settled(db, event, violations);
            }
        }
    }

    private static void settled(DatabaseSnapshot db, EventKey event, List<Violation> violations) {
        Event row = db.committedEvents().get(event);
        ReconcileStatus status = row == null ? null : row.reconcileStatus();
        long open = db.openWorkOrders().getOrDefault(event, 0L);
        boolean settled = status == ReconcileStatus.SUCCESS && open == 0 || status == ReconcileStatus.FAIL && open == 1;
        if (!settled) {
            violations.add(new Violation("reconciled or exactly one work order", "order " + event.orderId(),
                    event.type() + " reconcile " + status + ", open work orders " + open));
        }
    }

    private Long stockOf(long sku) throws SQLException {
        try (PreparedStatement sql = inventory.prepareStatement("SELECT stock FROM inventory WHERE sku_id = ?")) {
            sql.setLong(1, sku);
            try (ResultSet rows = sql.executeQuery()) {
                return rows.next() ? rows.getLong(1) : null;
            }
        }
    }
}
