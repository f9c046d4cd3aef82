package dev.eventual.launcher;

import dev.eventual.infra.test.HttpCall;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The unpaid-order timeout with every part real: reconcile-job's standalone scheduler finds an order
 * still CREATED past the timeout (made old in order_db) and order-service cancels it; the
 * ORDER_CANCELED event gives the stock back and sends the cancel notice. A paid order of the same age
 * and an unpaid order younger than the timeout are left alone.
 */
class UnpaidOrderTimeoutIT {

    private static final long SKU = 1_616;
    /** The customer of this test's orders, who reads them too. */
    private static final String CUSTOMER = "customer:16";
    private static LocalSuite suite;

    @BeforeAll
    static void start() {
        suite = SharedSuite.get();
    }

    @Test
    void anOverdueUnpaidOrderIsCanceledAndItsStockReleasedWhilePaidAndYoungOnesStay() throws Exception {
        HttpCall.Response seeded = HttpCall.put(suite.inventoryPort(), "/api/inventory/" + SKU)
                .bearer(SharedSuite.token("adam")).json("{\"stock\":10}").send();
        assertThat(seeded.status()).as(seeded.body()).isEqualTo(200);
        String unpaid = place(3);
        String paid = place(2);
        String young = place(1);
        // the payment callback is a service's act
        HttpCall.Response payment = HttpCall.post(suite.orderPort(), "/api/orders/" + paid + "/pay")
                .bearer(SharedSuite.token("payment-provider")).json("{\"paymentId\":\"timeout-it-" + paid + "\"}").send();
        assertThat(payment.status()).as(payment.body()).isEqualTo(200);
        // every deduction happened before the clock is turned: the release is what changes the stock next
        await().atMost(Duration.ofSeconds(60)).until(() -> stock() == 4);
        double canceledBefore = unpaidOrders("canceled");

        try (Connection db = orderDb(); Statement sql = db.createStatement()) {
            sql.executeUpdate("UPDATE t_order SET created_at = CURRENT_TIMESTAMP(3) - INTERVAL 2 HOUR"
                    + " WHERE order_id IN (" + unpaid + ", " + paid + ")");
        }

        await().atMost(Duration.ofSeconds(90)).until(() -> "CANCELED".equals(order(unpaid).get("status").asString()));
        await().atMost(Duration.ofSeconds(60)).until(() -> stock() == 7);
        try (Connection db = orderDb(); Statement sql = db.createStatement()) {
            assertThat(string(sql, "SELECT payload FROM message_log WHERE order_id = " + unpaid
                    + " AND event_type = 'ORDER_CANCELED'")).contains("\"reason\":\"payment-timeout\"");
            assertThat(string(sql, "SELECT COUNT(*) FROM message_log WHERE order_id IN (" + paid + ", " + young + ")"
                    + " AND event_type = 'ORDER_CANCELED'")).isEqualTo("0");
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> "SUCCESS".equals(cancelNotice(unpaid)));
        assertThat(order(paid).get("status").asString()).isEqualTo("PAID");
        assertThat(order(young).get("status").asString()).isEqualTo("CREATED");
        assertThat(unpaidOrders("canceled") - canceledBefore).isGreaterThanOrEqualTo(1);
    }

    private String place(int quantity) {
        HttpCall.Response placed = HttpCall.post(suite.orderPort(), "/api/orders").bearer(SharedSuite.token(CUSTOMER))
                .json("{\"userId\":16,\"skuId\":" + SKU + ",\"quantity\":" + quantity + "}").send();
        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
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

    private static String cancelNotice(String orderId) throws Exception {
        try (Connection db = DriverManager.getConnection(suite.database().jdbcUrl("notice_db"), "root",
                suite.database().password()); Statement sql = db.createStatement()) {
            return string(sql, "SELECT status FROM notice_log WHERE order_id = " + orderId + " AND notice_type = 'ORDER_CANCELED'");
        }
    }

    private static double unpaidOrders(String outcome) {
        JsonNode metric = HttpCall.get(suite.managementPort(SuiteService.RECONCILE), "/actuator/metrics/eventual.reconcile.unpaid.orders?tag=outcome:"
                + outcome).send().json();
        return metric.get("measurements").get(0).get("value").asDouble();
    }

    private static Connection orderDb() throws Exception {
        return DriverManager.getConnection(suite.database().jdbcUrl("order_db"), "root", suite.database().password());
    }

    private static String string(Statement sql, String query) throws Exception {
        try (ResultSet row = sql.executeQuery(query)) {
            return row.next() ? row.getString(1) : null;
        }
    }
}
