package dev.eventual.bench.reconcile;

import dev.eventual.bench.BenchSuite;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.order.core.shard.OrderShards;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;

/**
 * Writes a due backlog with batched JDBC inserts: orders and message_log rows in order_db and, for rows
 * that need a retry, the downstream truth (deduction FAILED, notice SUCCESS) the run will be told.
 */
final class BacklogSeeder {

    static final long FIRST_ORDER = 7_000_000_000_000_000_000L;
    /** No stock row exists for it: a re-driven deduction fails again, so the row goes to RETRY. */
    private static final long MISSING_SKU = 999_999_999_999L;
    private static final int BATCH = 5_000;

    private final BenchSuite suite;

    BacklogSeeder(BenchSuite suite) {
        this.suite = suite;
    }

    /** Empties the tables a reconcile run reads, so every case starts from the same state. */
    void clear() {
        suite.update(ServiceDatabase.ORDER, "TRUNCATE TABLE message_log");
        suite.update(ServiceDatabase.ORDER, "TRUNCATE TABLE t_order");
        suite.update(ServiceDatabase.ORDER, "TRUNCATE TABLE reconcile_work_order");
        suite.update(ServiceDatabase.INVENTORY, "DELETE FROM inventory_deduct_log WHERE order_id >= " + FIRST_ORDER);
        suite.update(ServiceDatabase.NOTICE, "DELETE FROM notice_log WHERE order_id >= " + FIRST_ORDER);
    }

    void seed(int rows, Backlog backlog) {
        try (Connection orders = suite.connect(ServiceDatabase.ORDER);
             Connection inventory = suite.connect(ServiceDatabase.INVENTORY);
             Connection notices = suite.connect(ServiceDatabase.NOTICE);
             PreparedStatement order = orders.prepareStatement("INSERT INTO t_order (order_id, user_id, idempotency_key,"
                     + " sku_id, quantity, status) VALUES (?, 1, ?, ?, 1, 'CREATED')");
             PreparedStatement event = orders.prepareStatement("INSERT INTO message_log (order_id, event_type, shard_key,"
                     + " topic, tag, msg_key, payload, msg_status, reconcile_status, next_reconcile_time) VALUES (?,"
                     + " 'ORDER_CREATED', ?, 'EVENTUAL_ORDER_EVENT', 'ORDER_CREATED', ?, ?, ?, 'PENDING',"
                     + " CURRENT_TIMESTAMP(3) - INTERVAL 1 SECOND)");
             PreparedStatement deduct = inventory.prepareStatement("INSERT INTO inventory_deduct_log (order_id, sku_id,"
                     + " quantity, status, fail_reason) VALUES (?, ?, 1, 'FAIL', 'insufficient stock')");
             PreparedStatement notice = notices.prepareStatement("INSERT INTO notice_log (order_id, notice_type, channel,"
                     + " recipient, message_id, status, attempts) VALUES (?, 'ORDER_CREATED', 'log', 'user-1', ?, 'SUCCESS', 1)")) {
            for (int i = 0; i < rows; i++) {
                long orderId = FIRST_ORDER + i;
                boolean retry = backlog.needsRetry(i);
                order.setLong(1, orderId);
                order.setString(2, "bench-" + orderId);
                order.setLong(3, retry ? MISSING_SKU : BenchSuite.FIRST_SKU);
                order.addBatch();
                event.setLong(1, orderId);
                event.setInt(2, OrderShards.shardKeyOf(orderId));
                event.setString(3, Long.toString(orderId));
                event.setString(4, retry ? OrderEvents.toJson(new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, orderId,
                        1L, MISSING_SKU, 1, Instant.now())) : "{}");
                event.setString(5, retry ? "FAIL" : "CONSUMED");
                event.addBatch();
                if (retry) {
                    deduct.setLong(1, orderId);
                    deduct.setLong(2, MISSING_SKU);
                    deduct.addBatch();
                    notice.setLong(1, orderId);
                    notice.setString(2, "bench-" + orderId + "@eventual");
                    notice.addBatch();
                }
                if ((i + 1) % BATCH == 0 || i == rows - 1) {
                    order.executeBatch();
                    event.executeBatch();
                    deduct.executeBatch();
                    notice.executeBatch();
                }
            }
            try (Statement analyze = orders.createStatement()) {
                // fresh statistics, as a table that grew gradually would have
                analyze.execute("ANALYZE TABLE message_log");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("seeding the reconcile backlog failed", e);
        }
    }
}
