package dev.eventual.reconcile.workorder;

import org.springframework.jdbc.core.JdbcTemplate;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Open work orders on the real order_db, each over an ORDER_CREATED event that reconciliation gave up on
 * (FAIL), as a run leaves them, but with no audit row yet: each test's audit trail is its own. Its id is the
 * public one, the row id with the order's logical shard in the low 10 bits. A resolution hands some events back to reconciliation, due at once:
 * {@link #removeEvents()} deletes them, so that no later run of another test claims them.
 */
final class OpenWorkOrders {

    /** A work order and the order it is about. */
    record Opened(long id, long orderId) {
    }

    private final JdbcTemplate jdbc;
    private final List<Long> orders = new ArrayList<>();

    OpenWorkOrders(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    Opened open() {
        return open(null, "insufficient stock");
    }

    /** One of SKU {@code sku} (null: unknown) with this reason. */
    Opened open(Long sku, String reason) {
        long orderId = ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50);
        orders.add(orderId);
        jdbc.update("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload, msg_status,"
                + " reconcile_status, retry_count, next_reconcile_time) VALUES (?, 'ORDER_CREATED', 1234, 't',"
                + " 'ORDER_CREATED', 'k', '{}', 'SENT', 'FAIL', 5, '2099-01-01 00:00:00')", orderId);
        long messageLogId = jdbc.queryForObject("SELECT id FROM message_log WHERE order_id = ?", Long.class, orderId);
        jdbc.update("INSERT INTO reconcile_work_order (order_id, event_type, message_log_id, sku_id, status, reason,"
                + " order_status, inventory_status, notice_status, retry_count) VALUES (?, 'ORDER_CREATED', ?, ?, 'OPEN', ?,"
                + " 'CREATED', 'FAIL', 'SUCCESS', 5)", orderId, messageLogId, sku, reason);
        return new Opened(jdbc.queryForObject("SELECT id * 1024 + MOD(order_id, 1024) FROM reconcile_work_order"
                + " WHERE order_id = ?", Long.class, orderId), orderId);
    }

    /** The reconcile status of the work order's event. */
    String eventStatus(Opened opened) {
        return jdbc.queryForObject("SELECT reconcile_status FROM message_log WHERE order_id = ?", String.class,
                opened.orderId());
    }

    void removeEvents() {
        orders.forEach(orderId -> jdbc.update("DELETE FROM message_log WHERE order_id = ?", orderId));
    }
}
