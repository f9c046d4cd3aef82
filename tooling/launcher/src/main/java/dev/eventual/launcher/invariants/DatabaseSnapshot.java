package dev.eventual.launcher.invariants;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.core.status.OrderStatus;
import dev.eventual.order.core.status.ReconcileStatus;
import dev.eventual.inventory.deduct.DeductStatus;
import dev.eventual.notice.store.NoticeStatus;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the {@link InvariantChecker} reads, once, from the three databases: the orders, their events
 * (archived ones included), the events still waiting for the broker, work orders and what the consumers
 * reported (order_db), the deduct records (inventory_db) and the notices (notice_db).
 *
 * @param waitingEvents    the message_log rows WAITING for the broker (docs/design.md, "The outbox")
 * @param workOrders       the events with a work order, OPEN or RESOLVED
 * @param unfinishedEvents the events the suite still works on, as {@link Quiescence} counts them: a consumer's
 *                         report of one may still be on its way
 * @param inventoryReports inventory's consumer group's status of each event (message_consumer_status)
 * @param noticeReports    notice's consumer group's status of each event
 * @param oldestAges       per cleaned table ({@link Retentions}), the age in seconds of its oldest row by the clock
 *                         its cleanup goes by; a table without such rows is not named
 */
record DatabaseSnapshot(Map<Long, Order> orders, Map<Long, Integer> serverOfOrder, Map<EventKey, Event> committedEvents,
                        Set<EventKey> rolledBackEvents, Map<EventKey, Long> openWorkOrders,
                        Map<EventKey, Waiting> waitingEvents, Set<EventKey> workOrders, Set<EventKey> unfinishedEvents,
                        Map<EventKey, ConsumeStatus> inventoryReports, Map<EventKey, ConsumeStatus> noticeReports,
                        Map<Long, Deduction> deductions, Map<EventKey, NoticeStatus> notices, Map<String, Long> oldestAges) {

    /** Without ages: every row new. */
    DatabaseSnapshot(Map<Long, Order> orders, Map<Long, Integer> serverOfOrder, Map<EventKey, Event> committedEvents,
                     Set<EventKey> rolledBackEvents, Map<EventKey, Long> openWorkOrders,
                     Map<EventKey, Waiting> waitingEvents, Set<EventKey> workOrders, Set<EventKey> unfinishedEvents,
                     Map<EventKey, ConsumeStatus> inventoryReports, Map<EventKey, ConsumeStatus> noticeReports,
                     Map<Long, Deduction> deductions, Map<EventKey, NoticeStatus> notices) {
        this(orders, serverOfOrder, committedEvents, rolledBackEvents, openWorkOrders, waitingEvents, workOrders,
                unfinishedEvents, inventoryReports, noticeReports, deductions, notices, Map.of());
    }

    /**
     * A t_order row: its status, what it orders and how old it is (seconds, by order_db's clock).
     *
     * @param createdAge since the order was placed: inventory's record of it is judged by this age
     * @param updatedAge since its last change: a canceled order's cancel is at least this old
     */
    record Order(OrderStatus status, long skuId, int quantity, long createdAge, long updatedAge) {

        Order(OrderStatus status, long skuId, int quantity) {
            this(status, skuId, quantity, 0, 0);
        }
    }

    /** One order event: the message_log key, and the notice_log key with the notice type. */
    record EventKey(long orderId, OrderEventType type) {
    }

    /**
     * A message_log (or message_log_hist) row: a committed event.
     *
     * @param age      seconds since the event was written
     * @param archived in message_log_hist: finished, and its consumers' reports went with the archive
     */
    record Event(MessageStatus messageStatus, ReconcileStatus reconcileStatus, long age, boolean archived) {

        Event(MessageStatus messageStatus, ReconcileStatus reconcileStatus) {
            this(messageStatus, reconcileStatus, 0, false);
        }
    }

    /**
     * A WAITING row as the relay left it.
     *
     * @param relayAttempts sends the relay tried
     * @param relayOwns     whether the relay still plans a send ({@code next_relay_time} set); it lets go of a
     *                      row once the row is on the broker or handed to a work order
     */
    record Waiting(int relayAttempts, boolean relayOwns) {
    }

    record Deduction(long skuId, int quantity, DeductStatus status) {
    }

    /** @param orderDbs order_db's servers: an order's rows are all on one of them, so their rows simply add up */
    static DatabaseSnapshot read(List<Connection> orderDbs, Connection inventoryDb, Connection noticeDb) throws SQLException {
        Map<Long, Order> orders = new HashMap<>();
        Map<Long, Integer> serverOfOrder = new HashMap<>();
        Map<EventKey, Event> committed = new HashMap<>();
        Set<EventKey> rolledBack = new HashSet<>();
        Map<EventKey, Long> openWorkOrders = new HashMap<>();
        Map<EventKey, Waiting> waiting = new HashMap<>();
        Set<EventKey> workOrders = new HashSet<>();
        Set<EventKey> unfinished = new HashSet<>();
        Map<String, Map<EventKey, ConsumeStatus>> reports = Map.of(OrderMessaging.INVENTORY_CONSUMER_GROUP, new HashMap<>(),
                OrderMessaging.NOTICE_CONSUMER_GROUP, new HashMap<>());
        Map<String, Long> oldestAges = new HashMap<>();
        for (int server = 0; server < orderDbs.size(); server++) {
            Map<Long, Order> onServer = new HashMap<>();
            Connection orderDb = orderDbs.get(server);
            readOrderDb(orderDb, onServer, committed, rolledBack, openWorkOrders);
            readWaiting(orderDb, waiting, workOrders);
            readReports(orderDb, unfinished, reports);
            readOldestAges(orderDb, ORDER_DB_AGES, oldestAges);
            orders.putAll(onServer);
            for (Long order : onServer.keySet()) {
                serverOfOrder.put(order, server);
            }
        }

        Map<Long, Deduction> deductions = new HashMap<>();
        query(inventoryDb, "SELECT order_id, sku_id, quantity, status FROM inventory_deduct_log",
                row -> deductions.put(row.getLong(1),
                        new Deduction(row.getLong(2), row.getInt(3), DeductStatus.valueOf(row.getString(4)))));

        Map<EventKey, NoticeStatus> notices = new HashMap<>();
        query(noticeDb, "SELECT order_id, notice_type, status FROM notice_log",
                row -> notices.put(new EventKey(row.getLong(1), OrderEventType.valueOf(row.getString(2))),
                        NoticeStatus.valueOf(row.getString(3))));
        readOldestAges(inventoryDb, Map.of(Retentions.DEDUCT_LOG,
                "SELECT MIN(updated_at) FROM inventory_deduct_log"), oldestAges);
        readOldestAges(noticeDb, Map.of(Retentions.NOTICE_LOG, "SELECT MIN(updated_at) FROM notice_log"), oldestAges);
        return new DatabaseSnapshot(orders, serverOfOrder, committed, rolledBack, openWorkOrders, waiting, workOrders,
                unfinished, reports.get(OrderMessaging.INVENTORY_CONSUMER_GROUP),
                reports.get(OrderMessaging.NOTICE_CONSUMER_GROUP), deductions, notices, oldestAges);
    }

    /** Per order_db table its cleanup goes by, the time of its oldest row (each by the column its cleanup reads). */
    private static final Map<String, String> ORDER_DB_AGES = Map.of(
            Retentions.MESSAGE_LOG, "SELECT MIN(updated_at) FROM message_log WHERE reconcile_status IN ('SUCCESS', 'SKIPPED')",
            Retentions.ATTEMPT_BARRIER, "SELECT MIN(created_at) FROM tx_attempt_barrier",
            Retentions.HISTORY, "SELECT MIN(archived_at) FROM message_log_hist",
            Retentions.WORK_ORDERS, "SELECT MIN(resolved_at) FROM reconcile_work_order WHERE status = 'RESOLVED'");

    /** Ages by the database's own UTC clock, as the services write them; the oldest over order_db's servers. */
    private static void readOldestAges(Connection db, Map<String, String> oldest, Map<String, Long> ages)
            throws SQLException {
        for (Map.Entry<String, String> table : oldest.entrySet()) {
            query(db, "SELECT TIMESTAMPDIFF(SECOND, (" + table.getValue() + "), UTC_TIMESTAMP(3))", row -> {
                long age = row.getLong(1);
                if (!row.wasNull()) {
                    ages.merge(table.getKey(), age, Math::max);
                }
            });
        }
    }

    private static void readOrderDb(Connection orderDb, Map<Long, Order> orders, Map<EventKey, Event> committed,
                                    Set<EventKey> rolledBack, Map<EventKey, Long> openWorkOrders) throws SQLException {
        query(orderDb, "SELECT order_id, status, sku_id, quantity, " + age("created_at") + ", " + age("updated_at")
                        + " FROM t_order",
                row -> orders.put(row.getLong(1), new Order(OrderStatus.valueOf(row.getString(2)), row.getLong(3),
                        row.getInt(4), row.getLong(5), row.getLong(6))));

        // reconcile-job archives finished rows (eventual.reconcile.archive-after, 30 days): still committed
        // events; a row is moved in one transaction, so it is in exactly one of the two tables
        query(orderDb, "SELECT order_id, event_type, msg_status, reconcile_status, " + age("created_at") + ", FALSE"
                        + " FROM message_log UNION ALL SELECT order_id, event_type, msg_status, reconcile_status, "
                        + age("created_at") + ", TRUE FROM message_log_hist",
                row -> committed.put(new EventKey(row.getLong(1), OrderEventType.valueOf(row.getString(2))),
                        new Event(MessageStatus.valueOf(row.getString(3)), ReconcileStatus.valueOf(row.getString(4)),
                                row.getLong(5), row.getBoolean(6))));
        // an event some attempt of which a check-back rolled back; another attempt may still have committed it
        query(orderDb, "SELECT DISTINCT order_id, event_type FROM tx_attempt_barrier WHERE outcome = 'ROLLED_BACK'",
                row -> rolledBack.add(new EventKey(row.getLong(1), OrderEventType.valueOf(row.getString(2)))));

        query(orderDb, "SELECT order_id, event_type, COUNT(*) FROM reconcile_work_order WHERE status = 'OPEN'"
                        + " GROUP BY order_id, event_type",
                row -> openWorkOrders.put(new EventKey(row.getLong(1), OrderEventType.valueOf(row.getString(2))),
                        row.getLong(3)));
    }

    /**
     * The rows the broker fallback wrote that are still WAITING (an archived row is finished, never waiting), and
     * every event a work order took, open or resolved: the relay hands its last failed row to one.
     */
    private static void readWaiting(Connection orderDb, Map<EventKey, Waiting> waiting, Set<EventKey> workOrders)
            throws SQLException {
        query(orderDb, "SELECT order_id, event_type, relay_attempts, next_relay_time IS NOT NULL FROM message_log"
                        + " WHERE msg_status = 'WAITING'",
                row -> waiting.put(new EventKey(row.getLong(1), OrderEventType.valueOf(row.getString(2))),
                        new Waiting(row.getInt(3), row.getBoolean(4))));
        query(orderDb, "SELECT DISTINCT order_id, event_type FROM reconcile_work_order WHERE status IN ('OPEN', 'RESOLVED')",
                row -> workOrders.add(new EventKey(row.getLong(1), OrderEventType.valueOf(row.getString(2)))));
    }

    /**
     * What the two consumer groups reported (both groups' rows in one statement), and the events
     * still in the suite's hands, which {@link Quiescence} counts: until one is finished, a report may lag its effect.
     */
    private static void readReports(Connection orderDb, Set<EventKey> unfinished,
                                    Map<String, Map<EventKey, ConsumeStatus>> reports) throws SQLException {
        query(orderDb, "SELECT order_id, event_type FROM message_log WHERE " + Quiescence.UNFINISHED_EVENTS,
                row -> unfinished.add(new EventKey(row.getLong(1), OrderEventType.valueOf(row.getString(2)))));
        query(orderDb, "SELECT order_id, event_type, consumer_group, status FROM message_consumer_status",
                row -> {
                    Map<EventKey, ConsumeStatus> ofGroup = reports.get(row.getString(3));
                    if (ofGroup == null) {
                        // order-service records only these two: another is a newer suite's, refused like a status
                        throw new IllegalArgumentException("unknown consumer group " + row.getString(3));
                    }
                    ofGroup.put(new EventKey(row.getLong(1), OrderEventType.valueOf(row.getString(2))),
                            ConsumeStatus.valueOf(row.getString(4)));
                });
    }

    /** A column's age in seconds by the database's UTC clock (the services pin their sessions to UTC). */
    private static String age(String column) {
        return "TIMESTAMPDIFF(SECOND, " + column + ", UTC_TIMESTAMP(3))";
    }

    /** @return null when the order is missing */
    OrderStatus orderStatus(long order) {
        Order row = orders.get(order);
        return row == null ? null : row.status();
    }

    /**
     * The event's reconciliation gave up and its work order waits for a person: what the event
     * should have brought about may legitimately be missing until someone acts.
     */
    boolean awaitsOperator(EventKey event) {
        Event row = committedEvents.get(event);
        return row != null && row.reconcileStatus() == ReconcileStatus.FAIL && openWorkOrders.getOrDefault(event, 0L) == 1;
    }

    private interface RowReader {
        void read(ResultSet row) throws SQLException;
    }

    private static void query(Connection db, String query, RowReader reader) throws SQLException {
        try (Statement sql = db.createStatement(); ResultSet rows = sql.executeQuery(query)) {
            while (rows.next()) {
                reader.read(rows);
            }
        }
    }
}
