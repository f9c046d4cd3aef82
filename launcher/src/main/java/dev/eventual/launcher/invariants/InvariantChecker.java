package dev.eventual.launcher.invariants;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the three databases after the suite went quiet and reports every broken guarantee:
 * <ul>
 *   <li>stock: per SKU, initial = current + sum of SUCCESS deductions, and never negative; at most
 *       one deduction per order (the deduct record's key), none for an order that does not exist;</li>
 *   <li>reconciliation: every committed order's created event is reconciled SUCCESS, or FAIL with
 *       exactly one open work order;</li>
 *   <li>rollback: no rolled-back order (an attempt a check-back settled ROLLED_BACK) has any downstream effect;</li>
 *   <li>notices: every SUCCESS notice belongs to a committed order.</li>
 * </ul>
 * Usable from tests and against a live stack ({@link #main}).
 */
public final class InvariantChecker {

    private final Connection orders;
    private final Connection inventory;
    private final Connection notices;

    public InvariantChecker(Connection orders, Connection inventory, Connection notices) {
        this.orders = orders;
        this.inventory = inventory;
        this.notices = notices;
    }

    /** @param initialStock the stock each checked SKU started with */
    public List<Violation> check(Map<Long, Integer> initialStock) throws SQLException {
        List<Violation> violations = new ArrayList<>();
        Set<Long> committed = longs(orders, "SELECT order_id FROM t_order");
        Set<Long> rolledBack = longs(orders, "SELECT order_id FROM tx_attempt_barrier WHERE outcome = 'ROLLED_BACK'"
                + " AND event_type = 'ORDER_CREATED'");

        Map<Long, Long> deducted = new HashMap<>();
        try (Statement sql = inventory.createStatement();
             ResultSet rows = sql.executeQuery("SELECT order_id, sku_id, quantity, status FROM inventory_deduct_log")) {
            while (rows.next()) {
                long order = rows.getLong(1);
                String status = rows.getString(4);
                boolean took = "SUCCESS".equals(status) || "RELEASED".equals(status);
                if (took && !committed.contains(order)) {
                    violations.add(new Violation("no effect without a committed order", "order " + order,
                            "inventory " + status + (rolledBack.contains(order) ? " for a rolled-back order" : "")));
                }
                if ("SUCCESS".equals(status)) {
                    deducted.merge(rows.getLong(2), (long) rows.getInt(3), Long::sum);
                }
            }
        }
        for (Map.Entry<Long, Integer> sku : initialStock.entrySet()) {
            Long current = single(inventory, "SELECT stock FROM inventory WHERE sku_id = " + sku.getKey());
            long taken = deducted.getOrDefault(sku.getKey(), 0L);
            if (current == null || current < 0) {
                violations.add(new Violation("stock never negative", "sku " + sku.getKey(), "stock " + current));
            } else if (current + taken != sku.getValue()) {
                violations.add(new Violation("stock conserved", "sku " + sku.getKey(), "initial " + sku.getValue()
                        + " != current " + current + " + deducted " + taken));
            }
        }

        Map<Long, String> reconcile = new HashMap<>();
        try (Statement sql = orders.createStatement();
             ResultSet rows = sql.executeQuery("SELECT order_id, reconcile_status FROM message_log"
                     + " WHERE event_type = 'ORDER_CREATED'")) {
            while (rows.next()) {
                reconcile.put(rows.getLong(1), rows.getString(2));
            }
        }
        Map<Long, Long> openWorkOrders = new HashMap<>();
        try (Statement sql = orders.createStatement();
             ResultSet rows = sql.executeQuery("SELECT order_id, COUNT(*) FROM reconcile_work_order"
                     + " WHERE status = 'OPEN' AND event_type = 'ORDER_CREATED' GROUP BY order_id")) {
            while (rows.next()) {
                openWorkOrders.put(rows.getLong(1), rows.getLong(2));
            }
        }
        for (long order : committed) {
            String status = reconcile.get(order);
            long open = openWorkOrders.getOrDefault(order, 0L);
            boolean settled = "SUCCESS".equals(status) && open == 0 || "FAIL".equals(status) && open == 1;
            if (!settled) {
                violations.add(new Violation("reconciled or exactly one work order", "order " + order,
                        "reconcile " + status + ", open work orders " + open));
            }
        }

        for (long order : longs(notices, "SELECT order_id FROM notice_log WHERE status = 'SUCCESS'")) {
            if (!committed.contains(order)) {
                violations.add(new Violation("no effect without a committed order", "order " + order, "notice sent"));
            }
        }
        return violations;
    }

    /** Prints a report; exit code 1 when anything is broken. Args: order, inventory and notice JDBC URLs, user, password. */
    public static void main(String[] args) throws SQLException {
        if (args.length < 4) {
            System.err.println("usage: InvariantChecker <order_db url> <inventory_db url> <notice_db url> <user> [password]");
            System.exit(2);
        }
        String password = args.length > 4 ? args[4] : "";
        try (Connection o = DriverManager.getConnection(args[0], args[3], password);
             Connection i = DriverManager.getConnection(args[1], args[3], password);
             Connection n = DriverManager.getConnection(args[2], args[3], password)) {
            // a live stack's initial stock is not known here: the stock checks need it, the others run
            List<Violation> violations = new InvariantChecker(o, i, n).check(Map.of());
            violations.forEach(System.out::println);
            System.out.println(violations.isEmpty() ? "all invariants hold" : violations.size() + " violation(s)");
            System.exit(violations.isEmpty() ? 0 : 1);
        }
    }

    private static Set<Long> longs(Connection db, String query) throws SQLException {
        Set<Long> values = new HashSet<>();
        try (Statement sql = db.createStatement(); ResultSet rows = sql.executeQuery(query)) {
            while (rows.next()) {
                values.add(rows.getLong(1));
            }
        }
        return values;
    }

    private static Long single(Connection db, String query) throws SQLException {
        try (Statement sql = db.createStatement(); ResultSet rows = sql.executeQuery(query)) {
            return rows.next() ? rows.getLong(1) : null;
        }
    }
}
