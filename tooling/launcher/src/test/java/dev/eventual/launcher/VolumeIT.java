package dev.eventual.launcher;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.launcher.invariants.InvariantChecker;
import dev.eventual.launcher.invariants.Quiescence;
import dev.eventual.launcher.invariants.Violation;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * 2,000 orders of 100 customers over 50 SKUs, ten of them oversold on purpose, through the whole suite:
 * once it is quiet, every invariant holds (InvariantChecker), and the time to consistency is logged; the
 * checker then sees breakage planted in that data, down to one forged consumer status (issue 40).
 * Each customer signs in once, before the clock starts: the time is the orders'.
 */
class VolumeIT {

    private static final Logger log = LoggerFactory.getLogger(VolumeIT.class);
    private static final long FIRST_SKU = 70_000;
    private static final long FIRST_CUSTOMER = 100_000;
    private static final int CUSTOMERS = 100;

    private final LocalSuite suite = SharedSuite.get();

    private Map<String, Long> tokensIssued() {
        Map<String, Long> issued = new HashMap<>();
        for (String client : List.of("inventory-service", "notice-service", "reconcile-job")) {
            issued.put(client, suite.identity().tokensIssuedTo(client));
        }
        return issued;
    }

    @Test
    void twoThousandOrdersOverFiftySkusKeepEveryInvariant() throws Exception {
        Map<Long, Integer> initial = new HashMap<>();
        for (long sku = FIRST_SKU; sku < FIRST_SKU + 50; sku++) {
            int stock = sku < FIRST_SKU + 40 ? 200 : 40; // the last ten get about 80 units of orders: oversold
            initial.put(sku, stock);
            assertThat(HttpCall.put(suite.inventoryPort(), "/api/inventory/" + sku)
                    .bearer(SharedSuite.token("adam")).json("{\"stock\":" + stock + "}").send().status())
                    .isEqualTo(200);
        }

        ExecutorService pool = Executors.newFixedThreadPool(16);
        long started;
        Map<String, Long> tokensBefore;
        List<Future<HttpCall.Response>> placed = new ArrayList<>();
        try {
            List<Future<String>> signedIn = new ArrayList<>();
            for (int c = 0; c < CUSTOMERS; c++) {
                String customer = "customer:" + (FIRST_CUSTOMER + c);
                signedIn.add(pool.submit(() -> SharedSuite.token(customer)));
            }
            for (Future<String> token : signedIn) {
                assertThat(token.get()).isNotBlank();
            }
            tokensBefore = tokensIssued();
            started = System.nanoTime();
            for (int i = 0; i < 2_000; i++) {
                long sku = FIRST_SKU + i % 50;
                int quantity = 1 + i % 3;
                long user = FIRST_CUSTOMER + i % CUSTOMERS;
                int order = i;
                placed.add(pool.submit(() -> HttpCall.post(suite.orderPort(), "/api/orders")
                        .header("Idempotency-Key", "volume-" + order).bearer(SharedSuite.token("customer:" + user))
                        .json("{\"userId\":" + user + ",\"skuId\":" + sku + ",\"quantity\":" + quantity + "}")
                        .send()));
            }
            for (Future<HttpCall.Response> response : placed) {
                assertThat(response.get().status()).as(response.get().body()).isEqualTo(201);
            }
        } finally {
            pool.shutdown();
        }
        double placing = (System.nanoTime() - started) / 1e9;

        await().atMost(Duration.ofMinutes(4)).pollInterval(Duration.ofSeconds(1)).until(this::quiet);
        double consistent = (System.nanoTime() - started) / 1e9;
        // the work counter of issue 40: 2,000 orders' reports and re-drives asked the auth-server for no token
        // each; a service asks once per token lifetime (5 minutes), so at most one renewal fell into the run
        Map<String, Long> tokensAfter = tokensIssued();
        tokensBefore.forEach((client, before) -> assertThat(tokensAfter.get(client) - before)
                .as("tokens issued to %s during 2,000 orders", client).isLessThanOrEqualTo(1));

        try (Connection orders = db("order_db"); Connection inventory = db("inventory_db"); Connection notices = db("notice_db")) {
            List<Violation> violations = new InvariantChecker(orders, inventory, notices).check(initial);
            assertThat(violations).as("violations").isEmpty();
            log.info("Volume: 2,000 orders placed in {} s ({} orders/s over HTTP); every event reconciled or handed"
                            + " to a work order {} s after the first order; work orders opened: {}; 0 violations",
                    String.format("%.1f", placing), String.format("%.0f", 2_000 / placing),
                    String.format("%.1f", consistent), count(orders, "SELECT COUNT(*) FROM reconcile_work_order"
                            + " WHERE status = 'OPEN'"));

            // the checker itself sees breakage: one unit of stock appearing from nowhere, a deduction for no order
            try (Statement sql = inventory.createStatement()) {
                sql.executeUpdate("UPDATE inventory SET stock = stock + 1 WHERE sku_id = " + FIRST_SKU);
                sql.executeUpdate("INSERT INTO inventory_deduct_log (order_id, sku_id, quantity, status)"
                        + " VALUES (1, " + (FIRST_SKU + 1) + ", 1, 'SUCCESS')");
                assertThat(new InvariantChecker(orders, inventory, notices).check(initial))
                        .extracting(Violation::invariant)
                        .contains("stock conserved", "no effect without a committed order");
            } finally {
                try (Statement sql = inventory.createStatement()) {
                    sql.executeUpdate("UPDATE inventory SET stock = stock - 1 WHERE sku_id = " + FIRST_SKU);
                    sql.executeUpdate("DELETE FROM inventory_deduct_log WHERE order_id = 1");
                }
            }
            assertThat(new InvariantChecker(orders, inventory, notices).check(initial)).isEmpty();

            // issue 40's forgery: an oversold order's inventory status set to SUCCESS, no stock taken
            long oversold = count(orders, "SELECT MIN(s.order_id) FROM message_consumer_status s JOIN t_order o"
                    + " ON o.order_id = s.order_id WHERE o.sku_id BETWEEN " + (FIRST_SKU + 40) + " AND " + (FIRST_SKU + 49)
                    + " AND s.event_type = 'ORDER_CREATED' AND s.consumer_group = '"
                    + OrderMessaging.INVENTORY_CONSUMER_GROUP + "' AND s.status = 'FAIL'");
            assertThat(oversold).as("an order of an oversold SKU that inventory reported FAIL").isPositive();
            String itsReport = " WHERE order_id = " + oversold + " AND event_type = 'ORDER_CREATED' AND consumer_group = '"
                    + OrderMessaging.INVENTORY_CONSUMER_GROUP + "'";
            try (Statement sql = orders.createStatement()) {
                sql.executeUpdate("UPDATE message_consumer_status SET status = 'SUCCESS'" + itsReport);
                assertThat(new InvariantChecker(orders, inventory, notices).check(initial))
                        .extracting(Violation::toString)
                        .containsExactly("consumer status matches its effect [order " + oversold
                                + "]: inventory SUCCESS for ORDER_CREATED, deduct record FAIL");
            } finally {
                try (Statement sql = orders.createStatement()) {
                    sql.executeUpdate("UPDATE message_consumer_status SET status = 'FAIL'" + itsReport);
                }
            }
        }
    }

    /** Quiet: no event waits for reconciliation any more. */
    private boolean quiet() throws Exception {
        try (Connection orders = db("order_db")) {
            return Quiescence.quiet(orders);
        }
    }

    private Connection db(String name) throws Exception {
        return DriverManager.getConnection(suite.database().jdbcUrl(name), suite.database().username(),
                suite.database().password());
    }

    private static long count(Connection db, String query) throws Exception {
        try (Statement sql = db.createStatement(); ResultSet rows = sql.executeQuery(query)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
