package dev.eventual.launcher;

import dev.eventual.infra.mq.StalledSends;
import dev.eventual.infra.test.HttpCall;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Orders do not wait for the broker (issue 39), with every service real: while the broker hangs (running and
 * reachable, answering no send) a customer places orders, cancels one, pays one, and reconcile-job's unpaid
 * timeout cancels another; each act is accepted, its events written without the broker. Once the broker
 * answers again both consumers end consistent: every event applied and noticed once, the canceled orders'
 * stock given back once, and the half messages the broker stored meanwhile rolled back by their check-back.
 */
class HungBrokerIT {

    private static final long SKU = 1_939;
    private static final int STOCK = 20;
    private static final String CUSTOMER = "customer:39";
    private static LocalSuite suite;

    @BeforeAll
    static void start() {
        suite = SharedSuite.get();
    }

    @Test
    void aCancelAPaymentAndTheUnpaidTimeoutWhileTheBrokerHangsEndConsistentOnceItAnswers() throws Exception {
        HttpCall.Response seeded = HttpCall.put(suite.inventoryPort(), "/api/inventory/" + SKU)
                .bearer(SharedSuite.token("adam")).json("{\"stock\":" + STOCK + "}").send();
        assertThat(seeded.status()).as(seeded.body()).isEqualTo(200);
        String canceled;
        String paid;
        String timedOut;
        String kept;
        try (StalledSends hung = suite.broker().stallSends()) {
            canceled = place(1);
            paid = place(2);
            timedOut = place(3);
            kept = place(4);

            HttpCall.Response cancel = HttpCall.post(suite.orderPort(), "/api/orders/" + canceled + "/cancel")
                    .bearer(SharedSuite.token(CUSTOMER)).json("{\"reason\":\"changed my mind\"}").send();
            assertThat(cancel.status()).as(cancel.body()).isEqualTo(200);
            assertThat(cancel.json().get("status").asString()).isEqualTo("CANCELED");

            HttpCall.Response payment = HttpCall.post(suite.orderPort(), "/api/orders/" + paid + "/pay")
                    .bearer(SharedSuite.token("payment-provider")).json("{\"paymentId\":\"hung-" + paid + "\"}").send();
            assertThat(payment.status()).as(payment.body()).isEqualTo(200);
            assertThat(payment.json().get("status").asString()).isEqualTo("PAID");

            try (Connection db = orderDb(); Statement sql = db.createStatement()) {
                sql.executeUpdate("UPDATE t_order SET created_at = CURRENT_TIMESTAMP(3) - INTERVAL 2 HOUR WHERE order_id = " + timedOut);
            }
            await().atMost(Duration.ofSeconds(90)).until(() -> "CANCELED".equals(order(timedOut).get("status").asString()));

            // every event of the four orders was written without the broker, under the fallback's own ids
            assertThat(transactionIds(canceled, paid, timedOut, kept)).hasSize(6).allMatch(id -> id.startsWith("relay-"));
        }

        List<String> orders = List.of(canceled, paid, timedOut, kept);
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofSeconds(1))
                .until(() -> orders.stream().allMatch(HungBrokerIT::everyEventSettled));
        assertThat(order(canceled).get("status").asString()).isEqualTo("CANCELED");
        assertThat(order(paid).get("status").asString()).isEqualTo("PAID");
        assertThat(order(timedOut).get("status").asString()).isEqualTo("CANCELED");
        assertThat(order(kept).get("status").asString()).isEqualTo("CREATED");
        assertThat(order(canceled).get("events").size()).isEqualTo(2);
        assertThat(order(timedOut).get("events").size()).isEqualTo(2);

        // one effect per order, however many deliveries (reconciliation's re-drives, the relay's sends): the paid
        // and the kept order hold their units, the canceled ones gave theirs back once
        assertThat(stock()).isEqualTo(STOCK - 2 - 4);
        try (Connection inventory = connect("inventory_db"); Statement sql = inventory.createStatement()) {
            assertThat(column(sql, "SELECT status FROM inventory_deduct_log WHERE order_id IN (" + paid + ", " + kept + ")"))
                    .containsExactly("SUCCESS", "SUCCESS");
            assertThat(column(sql, "SELECT status FROM inventory_deduct_log WHERE order_id IN (" + canceled + ", " + timedOut + ")"))
                    .hasSize(2).allMatch(status -> status.equals("RELEASED") || status.equals("FENCED"));
        }
        try (Connection notice = connect("notice_db"); Statement sql = notice.createStatement()) {
            assertThat(column(sql, "SELECT CONCAT(order_id, ' ', notice_type, ' ', status) FROM notice_log WHERE order_id IN ("
                    + String.join(", ", orders) + ")")).containsExactlyInAnyOrder(
                    canceled + " ORDER_CREATED SUCCESS", canceled + " ORDER_CANCELED SUCCESS",
                    paid + " ORDER_CREATED SUCCESS", timedOut + " ORDER_CREATED SUCCESS",
                    timedOut + " ORDER_CANCELED SUCCESS", kept + " ORDER_CREATED SUCCESS");
        }
        try (Connection db = orderDb(); Statement sql = db.createStatement()) {
            assertThat(string(sql, "SELECT payload FROM message_log WHERE order_id = " + timedOut
                    + " AND event_type = 'ORDER_CANCELED'")).contains("\"reason\":\"payment-timeout\"");
        }
        // a half message the hung broker stored at the end is settled by its check-back: rolled back, never delivered
        // (the first order's, at least: the breaker was closed, so it tried one)
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1)).until(() -> {
            List<String> outcomes = halfMessageOutcomes(orders);
            return !outcomes.isEmpty() && outcomes.stream().allMatch("ROLLED_BACK"::equals);
        });
    }

    /**
     * Every event reconciled, its notice sent and its stock effect in place. A canceled order's create may
     * reach inventory after its cancel (reconciliation re-drives the cancel while the relay still holds the
     * create): the cancel fence then refuses the create (FAIL), and its compensation is the cancel's
     * (reconcile-job's DecisionTable), so that create counts as settled with inventory FAIL.
     */
    private static boolean everyEventSettled(String orderId) {
        JsonNode order = order(orderId);
        boolean canceled = "CANCELED".equals(order.get("status").asString());
        for (JsonNode event : order.get("events")) {
            JsonNode consumers = event.get("consumers");
            String inventory = consumers.get("inventory").asString();
            boolean fencedCreate = canceled && "ORDER_CREATED".equals(event.get("eventType").asString())
                    && "FAIL".equals(inventory);
            if (!"SUCCESS".equals(event.get("reconcileStatus").asString())
                    || !"SUCCESS".equals(consumers.get("notice").asString())
                    || !("SUCCESS".equals(inventory) || fencedCreate)) {
                return false;
            }
        }
        return true;
    }

    private String place(int quantity) {
        HttpCall.Response placed = HttpCall.post(suite.orderPort(), "/api/orders").bearer(SharedSuite.token(CUSTOMER))
                .json("{\"userId\":39,\"skuId\":" + SKU + ",\"quantity\":" + quantity + "}").send();
        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
        assertThat(placed.json().get("messageStatus").asString()).isEqualTo("WAITING");
        return placed.json().get("orderId").asString();
    }

    private static JsonNode order(String orderId) {
        HttpCall.Response order = HttpCall.get(suite.orderPort(), "/api/orders/" + orderId).bearer(SharedSuite.token(CUSTOMER)).send();
        assertThat(order.status()).as(order.body()).isEqualTo(200);
        return order.json();
    }

    private static int stock() {
        HttpCall.Response stock = HttpCall.get(suite.inventoryPort(), "/api/inventory/" + SKU).bearer(SharedSuite.token(CUSTOMER)).send();
        assertThat(stock.status()).as(stock.body()).isEqualTo(200);
        return stock.json().get("stock").asInt();
    }

    private static List<String> transactionIds(String... orderIds) throws Exception {
        try (Connection db = orderDb(); Statement sql = db.createStatement()) {
            return column(sql, "SELECT transaction_id FROM message_log WHERE order_id IN (" + String.join(", ", orderIds) + ")");
        }
    }

    /** The outcomes of the orders' attempts other than the fallback's own: those of half messages. */
    private static List<String> halfMessageOutcomes(List<String> orderIds) throws Exception {
        try (Connection db = orderDb(); Statement sql = db.createStatement()) {
            return column(sql, "SELECT outcome FROM tx_attempt_barrier WHERE order_id IN (" + String.join(", ", orderIds)
                    + ") AND transaction_id NOT LIKE 'relay-%'");
        }
    }

    private static Connection orderDb() throws Exception {
        return connect("order_db");
    }

    private static Connection connect(String database) throws Exception {
        return DriverManager.getConnection(suite.database().jdbcUrl(database), "root", suite.database().password());
    }

    private static List<String> column(Statement sql, String query) throws Exception {
        List<String> values = new ArrayList<>();
        try (ResultSet rows = sql.executeQuery(query)) {
            while (rows.next()) {
                values.add(rows.getString(1));
            }
        }
        return values;
    }

    private static String string(Statement sql, String query) throws Exception {
        List<String> values = column(sql, query);
        return values.isEmpty() ? null : values.get(0);
    }
}
