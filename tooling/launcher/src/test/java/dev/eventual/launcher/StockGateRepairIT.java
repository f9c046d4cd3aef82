package dev.eventual.launcher;

import dev.eventual.gate.GateState;
import dev.eventual.gate.StockGate;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.launcher.invariants.GateConnection;
import dev.eventual.launcher.invariants.GateInvariants;
import dev.eventual.launcher.invariants.Violation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The stock gate's repair with every part real (docs/stock-gate.md, "Repair"): the four services with
 * the gate on for this test's SKUs, reconcile-job's standalone scheduler running the repair every
 * second. A reservation left by a placement that never committed (what an order-service killed
 * between the gate and the commit leaves) is given back after the grace; a count that drifted is
 * seeded again from the stock; a Redis that lost its data in the middle of a load is rebuilt from the
 * stock and the orders in flight, and no gated order fails downstream.
 */
class StockGateRepairIT {

    private static final long DEAD_PLACEMENT_SKU = 1_701;
    private static final long DRIFT_SKU = 1_702;
    private static final long RESTART_SKU = 1_703;
    private static final long NEW_SKU = 1_704;
    static final String GATED_SKUS = DEAD_PLACEMENT_SKU + "," + DRIFT_SKU + "," + RESTART_SKU + "," + NEW_SKU;
    /** The customer of this test's orders. */
    private static final String CUSTOMER = "customer:17";

    private static LocalSuite suite;
    private static GateConnection connection;

    @BeforeAll
    static void start() {
        suite = SharedSuite.get();
        connection = GateConnection.open(suite.redis());
    }

    @AfterAll
    static void stop() {
        connection.close();
    }

    @Test
    void aReservationWhoseOrderNeverCommittedIsGivenBackAfterTheGrace() {
        setStock(DEAD_PLACEMENT_SKU, 10);
        double before = repaired("reservation_given_back");
        // what an order-service killed after the gate leaves: a reservation, and no order; an hour old
        StockGate anHourAgo = connection.gate(Clock.offset(Clock.systemUTC(), Duration.ofHours(-1)));
        assertThat(anHourAgo.reserve(DEAD_PLACEMENT_SKU, 170_100_000_001L, 3, "buyer:170100000001").reserved()).isTrue();
        place(DEAD_PLACEMENT_SKU, 2);

        await().atMost(Duration.ofSeconds(60)).until(() -> gate().state(DEAD_PLACEMENT_SKU).reservations().isEmpty());

        await().atMost(Duration.ofSeconds(60)).until(() -> stock(DEAD_PLACEMENT_SKU) == 8);
        assertThat(gate().state(DEAD_PLACEMENT_SKU)).isEqualTo(new GateState(8L, Map.of()));
        // the repair records its run once every step of it is done, after the give-back is visible
        await().atMost(Duration.ofSeconds(30)).until(() -> repaired("reservation_given_back") >= before + 1);
    }

    @Test
    void aCountThatDriftedIsSeededAgainFromTheStock() {
        setStock(DRIFT_SKU, 10);
        double before = repaired("count_corrected");
        connection.redis().opsForValue().set("eventual:gate:{" + DRIFT_SKU + "}:available", "13");

        await().atMost(Duration.ofSeconds(60)).until(() -> gate().state(DRIFT_SKU).available() == 10);

        await().atMost(Duration.ofSeconds(30)).until(() -> repaired("count_corrected") >= before + 3);
    }

    @Test
    void aRedisThatLostItsDataMidLoadIsRebuiltAndNoGatedOrderFailsDownstream() throws Exception {
        setStock(RESTART_SKU, 100);
        double rebuiltBefore = repaired("sku_rebuilt");
        AtomicInteger created = new AtomicInteger();
        AtomicInteger soldOut = new AtomicInteger();
        AtomicInteger unavailable = new AtomicInteger();
        List<Integer> others = Collections.synchronizedList(new ArrayList<>());
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> load = new ArrayList<>();
            for (int client = 0; client < 8; client++) {
                load.add(clients.submit(() -> {
                    for (int i = 0; i < 40; i++) {
                        int status = HttpCall.post(suite.orderPort(), "/api/orders").bearer(SharedSuite.token(CUSTOMER))
                                .json("{\"userId\":17,\"skuId\":" + RESTART_SKU + ",\"quantity\":1}").send().status();
                        switch (status) {
                            case 201 -> created.incrementAndGet();
                            case 409 -> soldOut.incrementAndGet();
                            case 503 -> unavailable.incrementAndGet();
                            default -> others.add(status);
                        }
                    }
                }));
            }
            await().atMost(Duration.ofSeconds(60)).until(() -> created.get() >= 20);
            suite.redis().kill();
            suite.redis().startEmpty();
            for (Future<?> client : load) {
                client.get();
            }
        } finally {
            clients.shutdownNow();
        }

        assertThat(others).isEmpty();
        assertThat(unavailable.get()).as("orders refused while the gate was not rebuilt").isPositive();
        assertThat(created.get() + soldOut.get() + unavailable.get()).isEqualTo(320);
        await().atMost(Duration.ofSeconds(90)).until(() -> gateViolations(RESTART_SKU).isEmpty());
        assertThat(stock(RESTART_SKU)).isEqualTo(100 - created.get());
        assertThat(deductions(RESTART_SKU, "FAIL")).as("gated orders the stock refused").isZero();
        // the repair records its run after the rebuild it made has already put the gate right
        await().atMost(Duration.ofSeconds(30)).until(() -> repaired("sku_rebuilt") >= rebuiltBefore + 1);
    }

    /**
     * What ./run-local.sh --gate runs: a SKU created through inventory's API with the gate on starts the whole
     * history of its buyers, so once it is sold out another customer's order is answered at order-service's door
     * (docs/stock-gate.md, "A refusal without SQL"), and the customer who got the last unit gets its order again.
     */
    @Test
    void aNewSkuSoldOutIsRefusedAtTheDoorAndItsBuyerStillGetsItsOrder() {
        await().atMost(Duration.ofSeconds(60)).until(() -> gate().catalogSeeded(NEW_SKU));
        setStock(NEW_SKU, 1);
        String key = "door-" + System.nanoTime();
        HttpCall.Response first = HttpCall.post(suite.orderPort(), "/api/orders").bearer(SharedSuite.token(CUSTOMER))
                .header("Idempotency-Key", key).json("{\"skuId\":" + NEW_SKU + ",\"quantity\":1}").send();
        assertThat(first.status()).as(first.body()).isEqualTo(201);
        double atDoor = orderMetric("eventual.orders.refused-at-door");

        HttpCall.Response refused = HttpCall.post(suite.orderPort(), "/api/orders").bearer(SharedSuite.token("customer:18"))
                .header("Idempotency-Key", key).json("{\"skuId\":" + NEW_SKU + ",\"quantity\":1}").send();
        HttpCall.Response again = HttpCall.post(suite.orderPort(), "/api/orders").bearer(SharedSuite.token(CUSTOMER))
                .header("Idempotency-Key", key).json("{\"skuId\":" + NEW_SKU + ",\"quantity\":1}").send();

        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        assertThat(refused.json().get("type").asString()).isEqualTo("urn:eventual:problem:sold-out");
        assertThat(orderMetric("eventual.orders.refused-at-door")).isEqualTo(atDoor + 1);
        assertThat(again.status()).as(again.body()).isEqualTo(200);
        assertThat(again.json().get("orderId").asString()).isEqualTo(first.json().get("orderId").asString());
    }

    private static double orderMetric(String name) {
        return HttpCall.get(suite.managementPort(SuiteService.ORDER), "/actuator/metrics/" + name).send().json()
                .get("measurements").get(0).get("value").asDouble();
    }

    private static List<Violation> gateViolations(long sku) {
        List<Violation> violations = new ArrayList<>();
        GateInvariants.check(gate(), Map.of(sku, stock(sku)), violations);
        return violations;
    }

    private static StockGate gate() {
        return connection.gate();
    }

    private static void setStock(long sku, int units) {
        HttpCall.Response set = HttpCall.put(suite.inventoryPort(), "/api/inventory/" + sku)
                .bearer(SharedSuite.token("adam")).json("{\"stock\":" + units + "}").send();
        assertThat(set.status()).as(set.body()).isEqualTo(200);
    }

    private static void place(long sku, int quantity) {
        HttpCall.Response placed = HttpCall.post(suite.orderPort(), "/api/orders").bearer(SharedSuite.token(CUSTOMER))
                .json("{\"userId\":17,\"skuId\":" + sku + ",\"quantity\":" + quantity + "}").send();
        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
    }

    private static int stock(long sku) {
        HttpCall.Response stock = HttpCall.get(suite.inventoryPort(), "/api/inventory/" + sku).bearer(SharedSuite.token(CUSTOMER)).send();
        assertThat(stock.status()).as(stock.body()).isEqualTo(200);
        return stock.json().get("stock").asInt();
    }

    private static double repaired(String kind) {
        JsonNode metric = HttpCall.get(suite.managementPort(SuiteService.RECONCILE), "/actuator/metrics/eventual.gate.repaired?tag=kind:" + kind)
                .send().json();
        return metric.get("measurements").get(0).get("value").asDouble();
    }

    private static int deductions(long sku, String status) throws Exception {
        try (Connection db = DriverManager.getConnection(suite.database().jdbcUrl("inventory_db"), "root",
                suite.database().password()); Statement sql = db.createStatement();
             ResultSet row = sql.executeQuery("SELECT COUNT(*) FROM inventory_deduct_log WHERE sku_id = " + sku
                     + " AND status = '" + status + "'")) {
            row.next();
            return row.getInt(1);
        }
    }
}
