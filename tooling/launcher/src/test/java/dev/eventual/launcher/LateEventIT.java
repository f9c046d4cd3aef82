package dev.eventual.launcher;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestProducer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Retention across the services (docs/retention.md), every part real: reconcile-job's retention job calls
 * inventory's and notice's cleanup with its own token, which deletes an order's records once they are past the
 * retention; when the order's event comes again later (reconciliation re-drives it, as a work order's RETRY or lost
 * reports would, or the broker delivers a copy of it after the event was archived), both consumers refuse it instead
 * of applying it a second time, and reconciliation hands it to a person in a work order. The order is made 31 days
 * old in every database, as a test cannot wait.
 */
class LateEventIT {

    private static final long SKU = 4_201;
    private static final String CUSTOMER = "customer:42";
    private static LocalSuite suite;

    @BeforeAll
    static void start() {
        suite = SharedSuite.get();
    }

    @Test
    void anEventAfterItsRecordsWereCleanedIsRefusedByBothConsumersAndOpensAWorkOrder() throws Exception {
        long order = placedPaidAndCleaned(SKU);

        // its consumers' reports lost: reconciliation asks them again, finds nothing and re-drives the old event
        try (Connection db = connect("order_db"); Statement sql = db.createStatement()) {
            sql.executeUpdate("DELETE FROM message_consumer_status WHERE order_id = " + order);
            sql.executeUpdate("UPDATE message_log SET reconcile_status = 'RETRY', msg_status = 'SENT', retry_count = 0,"
                    + " next_reconcile_time = CURRENT_TIMESTAMP(3) WHERE order_id = " + order
                    + " AND event_type = 'ORDER_CREATED'");
        }

        refusedByBothAndHandedToAPerson(order, SKU);
    }

    /**
     * The common case: a consumer keeps its records longer than order_db keeps a finished event in message_log, so by
     * the time a late copy comes (an operator re-sends a dead-letter queue, a broker restored from a backup) the event
     * is archived. The broker delivers it again; both consumers refuse it, and their refusals bring the event back
     * from the archive for reconciliation, which opens the work order.
     */
    @Test
    void aLateCopyOfAnArchivedEventIsRefusedAndBroughtBackForAWorkOrder() throws Exception {
        long order = placedPaidAndCleaned(SKU + 1);
        // finished 31 days ago as well: reconcile-job's archive (every 2 s in this suite) moves it to the history
        try (Connection db = connect("order_db"); Statement sql = db.createStatement()) {
            assertThat(sql.executeUpdate("UPDATE message_log SET updated_at = updated_at - INTERVAL 31 DAY"
                    + " WHERE order_id = " + order + " AND event_type = 'ORDER_CREATED'")).isEqualTo(1);
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> "1".equals(string("order_db",
                "SELECT COUNT(*) FROM message_log_hist WHERE order_id = " + order)));
        String payload = string("order_db", "SELECT payload FROM message_log_hist WHERE order_id = " + order);

        try (TestProducer broker = TestProducer.start(suite.nameServerAddress(), "late-event-it-producer")) {
            broker.send(OrderMessaging.ORDER_TOPIC, OrderEventType.ORDER_CREATED.tag(), Long.toString(order),
                    payload.getBytes(StandardCharsets.UTF_8));
        }

        refusedByBothAndHandedToAPerson(order, SKU + 1);
        assertThat(string("order_db", "SELECT COUNT(*) FROM message_log_hist WHERE order_id = " + order)).isEqualTo("0");
    }

    /**
     * An order of 3 units of {@code sku} (stock 10) placed, consistent and paid (so that the unpaid-order timeout
     * leaves it alone once it is old), made 31 days old, and its consumers' records cleaned by reconcile-job's
     * retention job (every 2 s in this suite), each consumer deleting what is past its 30 days.
     */
    private static long placedPaidAndCleaned(long sku) throws Exception {
        HttpCall.Response seeded = HttpCall.put(suite.inventoryPort(), "/api/inventory/" + sku)
                .bearer(SharedSuite.token("adam")).json("{\"stock\":10}").send();
        assertThat(seeded.status()).as(seeded.body()).isEqualTo(200);
        HttpCall.Response placed = HttpCall.post(suite.orderPort(), "/api/orders").bearer(SharedSuite.token(CUSTOMER))
                .json("{\"userId\":42,\"skuId\":" + sku + ",\"quantity\":3}").send();
        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
        long order = Long.parseLong(placed.json().get("orderId").asString());
        await().atMost(Duration.ofSeconds(60)).until(() -> "SUCCESS".equals(
                string("order_db", "SELECT reconcile_status FROM message_log WHERE order_id = " + order
                        + " AND event_type = 'ORDER_CREATED'")));
        assertThat(stock(sku)).isEqualTo(7);
        HttpCall.Response paid = HttpCall.post(suite.orderPort(), "/api/orders/" + order + "/pay")
                .bearer(SharedSuite.token("payment-provider")).json("{\"paymentId\":\"late-event-it-" + order + "\"}").send();
        assertThat(paid.status()).as(paid.body()).isEqualTo(200);

        makeOld(order, Duration.ofDays(31));
        await().atMost(Duration.ofSeconds(60)).until(() -> string("inventory_db",
                "SELECT COUNT(*) FROM inventory_deduct_log WHERE order_id = " + order).equals("0")
                && string("notice_db", "SELECT COUNT(*) FROM notice_log WHERE order_id = " + order).equals("0"));
        return order;
    }

    /** Both consumers refused the order's creation, applied nothing twice, and a work order asks a person. */
    private static void refusedByBothAndHandedToAPerson(long order, long sku) throws Exception {
        await().atMost(Duration.ofSeconds(90)).until(() -> "OPEN".equals(string("order_db",
                "SELECT status FROM reconcile_work_order WHERE order_id = " + order + " AND event_type = 'ORDER_CREATED'")));
        assertThat(string("order_db", "SELECT reason FROM reconcile_work_order WHERE order_id = " + order))
                .startsWith("refused:");
        await().atMost(Duration.ofSeconds(30)).until(() -> "REFUSED".equals(string("inventory_db",
                "SELECT status FROM inventory_deduct_log WHERE order_id = " + order))
                && "REFUSED".equals(string("notice_db", "SELECT status FROM notice_log WHERE order_id = " + order)));
        // nothing applied twice: the units stay taken once, and the one notice was the first delivery's
        assertThat(stock(sku)).isEqualTo(7);
        assertThat(string("order_db", "SELECT reconcile_status FROM message_log WHERE order_id = " + order
                + " AND event_type = 'ORDER_CREATED'")).isEqualTo("FAIL");
    }

    /**
     * The order, its event (row and payload) and its consumers' records as if all had happened {@code age} ago; only
     * the times move, so the event is the one the consumers applied, born that long ago.
     */
    private static void makeOld(long order, Duration age) throws Exception {
        long seconds = age.toSeconds();
        try (Connection db = connect("order_db"); Statement sql = db.createStatement()) {
            sql.executeUpdate("UPDATE t_order SET created_at = created_at - INTERVAL " + seconds + " SECOND,"
                    + " updated_at = updated_at - INTERVAL " + seconds + " SECOND WHERE order_id = " + order);
            String payload = string(sql, "SELECT payload FROM message_log WHERE order_id = " + order
                    + " AND event_type = 'ORDER_CREATED'");
            OrderCreatedEvent event = OrderEvents.fromJson(payload, OrderCreatedEvent.class);
            OrderCreatedEvent old = new OrderCreatedEvent(event.schemaVersion(), event.orderId(), event.userId(),
                    event.skuId(), event.quantity(), event.createdAt().minus(age));
            try (PreparedStatement update = db.prepareStatement("UPDATE message_log SET payload = ?,"
                    + " created_at = created_at - INTERVAL " + seconds + " SECOND WHERE order_id = ?"
                    + " AND event_type = 'ORDER_CREATED'")) {
                update.setString(1, OrderEvents.toJson(old));
                update.setLong(2, order);
                assertThat(update.executeUpdate()).isEqualTo(1);
            }
        }
        for (String table : new String[] {"inventory_db.inventory_deduct_log", "notice_db.notice_log"}) {
            try (Connection db = connect(table.substring(0, table.indexOf('.'))); Statement sql = db.createStatement()) {
                assertThat(sql.executeUpdate("UPDATE " + table.substring(table.indexOf('.') + 1)
                        + " SET created_at = created_at - INTERVAL " + seconds + " SECOND,"
                        + " updated_at = updated_at - INTERVAL " + seconds + " SECOND WHERE order_id = " + order))
                        .isEqualTo(1);
            }
        }
    }

    private static int stock(long sku) {
        HttpCall.Response stock = HttpCall.get(suite.inventoryPort(), "/api/inventory/" + sku)
                .bearer(SharedSuite.token(CUSTOMER)).send();
        assertThat(stock.status()).as(stock.body()).isEqualTo(200);
        return stock.json().get("stock").asInt();
    }

    private static Connection connect(String database) throws Exception {
        return DriverManager.getConnection(suite.database().jdbcUrl(database), "root", suite.database().password());
    }

    private static String string(String database, String query) throws Exception {
        try (Connection db = connect(database); Statement sql = db.createStatement()) {
            return string(sql, query);
        }
    }

    private static String string(Statement sql, String query) throws Exception {
        try (ResultSet row = sql.executeQuery(query)) {
            return row.next() ? row.getString(1) : null;
        }
    }
}
