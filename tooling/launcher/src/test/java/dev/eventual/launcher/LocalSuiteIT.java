package dev.eventual.launcher;

import dev.eventual.common.api.TextLimits;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.order.core.shard.OrderShards;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What ./run-local.sh starts, on free ports: an order placed over HTTP reaches every service. The demo
 * users act as they would there, each with a real token of the suite's auth-server: alice (customer 1)
 * orders, olga (operator) works the work orders, adam (admin) sets stock and cancels.
 */
class LocalSuiteIT {

    private static LocalSuite suite;

    @BeforeAll
    static void start() {
        suite = SharedSuite.get();
    }

    @Test
    void demoStockIsSeededAndAnOrderIsConsumedByEveryService() {
        assertThat(stock(1001)).isEqualTo(100);
        for (long sku : LocalSuite.DEMO_STOCK.keySet()) {
            assertThat(HttpCall.get(suite.inventoryPort(), "/api/inventory/" + sku).bearer(token("alice")).send().status())
                    .isEqualTo(200);
        }

        // as the banner shows it: no userId in the body, the order is the signed-in customer's
        HttpCall.Response placed = HttpCall.post(suite.orderPort(), "/api/orders").bearer(token("alice"))
                .json("{\"skuId\":1001,\"quantity\":2}").send();
        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
        assertThat(placed.json().get("userId").asString()).isEqualTo("1");
        String orderId = placed.json().get("orderId").asString();

        await().atMost(Duration.ofSeconds(60)).until(() -> "CONSUMED".equals(order(orderId).get("messageStatus").asString()));
        JsonNode order = order(orderId);
        assertThat(order.get("consumers").get("inventory").asString()).isEqualTo("SUCCESS");
        assertThat(order.get("consumers").get("notice").asString()).isEqualTo("SUCCESS");
        assertThat(stock(1001)).isEqualTo(98);
        // alice reads her order; bob (customer 2) learns nothing of it, as of an unknown one
        assertThat(HttpCall.get(suite.orderPort(), "/api/orders/" + orderId).bearer(token("alice")).send().status()).isEqualTo(200);
        assertThat(HttpCall.get(suite.orderPort(), "/api/orders/" + orderId).bearer(token("bob")).send().status()).isEqualTo(404);
    }

    @Test
    void everyServerOfTheSuiteListensOnLoopbackOnly() throws Exception {
        Path data = Path.of(System.getProperty("eventual.infra.dir", "target/infra")).resolve("launcher");
        long database = Long.parseLong(Files.readString(data.resolve("mariadb/mariadbd.pid")).strip());
        long redis = Long.parseLong(Files.readString(data.resolve("redis/redis.pid")).strip());
        List<String> listening = ListeningSockets.of(ProcessHandle.current().pid(), database, redis);

        // the four services, the auth-server, the NameServer, the broker (and its VIP channel), MariaDB and Redis
        assertThat(listening).hasSizeGreaterThanOrEqualTo(10);
        assertThat(listening).allMatch(ListeningSockets::isLoopback);
        assertThat(ListeningSockets.of(redis)).containsExactly("tcp 0100007F:" + String.format("%04X", suite.redis().port()));
    }

    @Test
    void eachServiceUsesItsOwnDatabaseAccount() throws Exception {
        try (Connection admin = DriverManager.getConnection(suite.database().jdbcUrl("order_db"), "root",
                suite.database().password()); Statement sql = admin.createStatement();
             ResultSet users = sql.executeQuery("SELECT DISTINCT user FROM information_schema.processlist"
                     + " WHERE user LIKE '%\\_service' OR user = 'reconcile_job' ORDER BY user")) {
            List<String> connected = new java.util.ArrayList<>();
            while (users.next()) {
                connected.add(users.getString(1));
            }
            assertThat(connected).containsExactly("inventory_service", "notice_service", "order_service", "reconcile_job");
        }
    }

    /** order-service owns order_db and migrates it; reconcile-job works on its rows and cannot change its schema. */
    @Test
    void onlyTheOwnerOfOrderDbMayChangeItsSchema() throws Exception {
        try (Connection admin = DriverManager.getConnection(suite.database().jdbcUrl("order_db"), "root",
                suite.database().password()); Statement sql = admin.createStatement()) {
            assertThat(grants(sql, "order_service")).anyMatch(grant -> grant.startsWith("GRANT ALL PRIVILEGES ON `order_db`.*"));
            assertThat(grants(sql, "reconcile_job"))
                    .anyMatch(grant -> grant.startsWith("GRANT SELECT, INSERT, UPDATE, DELETE ON `order_db`.*"))
                    .noneMatch(grant -> grant.contains("ALL PRIVILEGES") || grant.contains("CREATE") || grant.contains("ALTER"));
        }
    }

    private static List<String> grants(Statement sql, String user) throws Exception {
        List<String> grants = new java.util.ArrayList<>();
        try (ResultSet rows = sql.executeQuery("SHOW GRANTS FOR '" + user + "'@'127.0.0.1'")) {
            while (rows.next()) {
                grants.add(rows.getString(1));
            }
        }
        return grants;
    }

    @Test
    void everyServiceIsHealthyOnItsManagementPortAndServesNoActuatorOnItsApiPort() {
        for (SuiteService service : SuiteService.values()) {
            int port = suite.managementPort(service);
            HttpCall.Response health = HttpCall.get(port, "/actuator/health").send();
            assertThat(health.status()).as("%s management port %d: %s", service, port, health.body()).isEqualTo(200);
            assertThat(HttpCall.get(port, "/actuator/prometheus").send().status()).as("%s prometheus", service).isEqualTo(200);
        }
        for (int port : new int[]{suite.orderPort(), suite.inventoryPort(), suite.noticePort(), suite.reconcilePort()}) {
            assertThat(HttpCall.get(port, "/actuator/health").send().status()).as("API port %d", port).isEqualTo(404);
        }
        assertThat(HttpCall.get(suite.identity().managementPort(), "/actuator/prometheus").send().status()).isEqualTo(200);
    }

    @Test
    void aConsistentOrderIsReconciled() {
        String orderId = place(1002, 1);

        await().atMost(Duration.ofSeconds(60)).until(() -> "SUCCESS".equals(order(orderId).get("reconcileStatus").asString()));
    }

    @Test
    void anOversoldOrderEndsInExactlyOneWorkOrder() throws Exception {
        String orderId = place(1005, 2);

        await().atMost(Duration.ofSeconds(90)).until(() -> "FAIL".equals(order(orderId).get("reconcileStatus").asString()));
        assertThat(order(orderId).get("consumers").get("inventory").asString()).isEqualTo("FAIL");
        // later runs happen (a later order gets reconciled) and open nothing more
        String later = place(1003, 1);
        await().atMost(Duration.ofSeconds(60)).until(() -> "SUCCESS".equals(order(later).get("reconcileStatus").asString()));
        try (Connection db = orderDb()) {
            assertThat(count(db, "SELECT COUNT(*) FROM reconcile_work_order WHERE order_id = " + orderId
                    + " AND status = 'OPEN' AND event_type = 'ORDER_CREATED'")).isEqualTo(1);
            assertThat(count(db, "SELECT COUNT(*) FROM reconcile_work_order_audit a JOIN reconcile_work_order w"
                    + " ON a.work_order_id = w.id WHERE w.order_id = " + orderId + " AND a.action = 'OPEN'")).isEqualTo(1);
            assertThat(count(db, "SELECT retry_count FROM message_log WHERE order_id = " + orderId)).isEqualTo(2);
        }

        assertThat(gauge("eventual.reconcile.work-orders.open")).isGreaterThanOrEqualTo(1);

        // an operator adds stock and resolves the work order with RETRY: the order is reconciled
        JsonNode workOrder = workOrderOf(orderId);
        assertThat(workOrder.get("status").asString()).isEqualTo("OPEN");
        String workOrderId = workOrder.get("id").asString();
        assertThat(resolve(workOrderId, "RETRY", null).status()).isEqualTo(401);
        // the customer whose order it is may not work the queue
        assertThat(resolve(workOrderId, "RETRY", "alice").status()).isEqualTo(403);
        assertThat(HttpCall.put(suite.inventoryPort(), "/api/inventory/1005").bearer(token("adam"))
                .json("{\"stock\":5}").send().status()).isEqualTo(200);
        HttpCall.Response resolved = resolve(workOrderId, "RETRY", "olga");
        assertThat(resolved.status()).as(resolved.body()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(60)).until(() -> "SUCCESS".equals(order(orderId).get("reconcileStatus").asString()));
        assertThat(stock(1005)).isEqualTo(3);
        JsonNode after = workOrder(workOrderId);
        assertThat(after.get("status").asString()).isEqualTo("RESOLVED");
        assertThat(after.get("audit").findValuesAsString("action")).containsExactly("OPEN", "RETRY");
        // the audit names who signed in, not a name the caller typed
        assertThat(after.get("resolvedBy").asString()).isEqualTo("olga");
        assertThat(after.get("audit").get(1).get("operator").asString()).isEqualTo("olga");

        // acting on a resolved work order is refused, and the refusal is audited too
        assertThat(resolve(workOrderId, "CLOSE", "olga").status()).isEqualTo(409);
        assertThat(workOrder(workOrderId).get("audit").findValuesAsString("outcome"))
                .containsExactly("APPLIED", "APPLIED", "REJECTED");
    }

    @Test
    void aWorkOrderResolvedWithCancelOrderCancelsTheOrderAndReconcilesIt() {
        String orderId = place(1004, 6);
        await().atMost(Duration.ofSeconds(90)).until(() -> "FAIL".equals(order(orderId).get("reconcileStatus").asString()));

        String workOrderId = workOrderOf(orderId).get("id").asString();
        // canceling a customer's order is the admin's (docs/security.md)
        assertThat(resolve(workOrderId, "CANCEL_ORDER", "olga").status()).isEqualTo(403);
        assertThat(order(orderId).get("status").asString()).isEqualTo("CREATED");
        // a note longer than the limit is refused at the edge, naming it; the longest one goes all the way
        // through order-service's cancel, whose reason has room for it (issue 37)
        HttpCall.Response tooLong = resolve(workOrderId, "CANCEL_ORDER", "adam", "n".repeat(TextLimits.WORK_ORDER_NOTE + 1));
        assertThat(tooLong.status()).as(tooLong.body()).isEqualTo(400);
        assertThat(tooLong.json().get("invalidParams").findValuesAsString("name")).containsExactly("note");
        assertThat(workOrder(workOrderId).get("audit").findValuesAsString("action")).containsExactly("OPEN", "CANCEL_ORDER");
        String longest = "n".repeat(TextLimits.WORK_ORDER_NOTE);
        HttpCall.Response resolved = resolve(workOrderId, "CANCEL_ORDER", "adam", longest);

        assertThat(resolved.status()).as(resolved.body()).isEqualTo(200);
        assertThat(workOrder(workOrderId).get("resolvedBy").asString()).isEqualTo("adam");
        assertThat(workOrder(workOrderId).get("resolutionNote").asString()).isEqualTo(longest);
        assertThat(order(orderId).get("status").asString()).isEqualTo("CANCELED");
        await().atMost(Duration.ofSeconds(60)).until(() -> order(orderId).get("events").findValuesAsString("reconcileStatus")
                .equals(List.of("SUCCESS", "SUCCESS")));
        assertThat(stock(1004)).isEqualTo(5);
    }

    @Test
    void badResolutionsAreRefusedWithAProblem() {
        assertThat(HttpCall.post(suite.reconcilePort(), "/api/work-orders/1/resolve").bearer(token("olga"))
                .json("{\"action\":\"BOGUS\"}").send().status()).isEqualTo(400);
        // who resolves is the token's subject: a name in the body is refused, not believed
        HttpCall.Response namedOperator = HttpCall.post(suite.reconcilePort(), "/api/work-orders/1/resolve")
                .bearer(token("olga")).json("{\"action\":\"CLOSE\",\"operator\":\"adam\"}").send();
        assertThat(namedOperator.status()).as(namedOperator.body()).isEqualTo(400);
        assertThat(namedOperator.json().get("invalidParams").findValuesAsString("name")).contains("operator");
        assertThat(resolve("999999999", "CLOSE", "olga").status()).isEqualTo(404);
        assertThat(HttpCall.get(suite.reconcilePort(), "/api/work-orders/x").bearer(token("olga")).send().status()).isEqualTo(400);
    }

    private double gauge(String name) {
        HttpCall.Response response = HttpCall.get(suite.managementPort(SuiteService.RECONCILE), "/actuator/metrics/" + name).send();
        assertThat(response.status()).as(name).isEqualTo(200);
        return response.json().get("measurements").get(0).get("value").asDouble();
    }

    private JsonNode workOrderOf(String orderId) {
        HttpCall.Response page = HttpCall.get(suite.reconcilePort(), "/api/work-orders?orderId=" + orderId).bearer(token("olga")).send();
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        assertThat(page.json().get("total").asLong()).isEqualTo(1);
        return page.json().get("items").get(0);
    }

    private JsonNode workOrder(String workOrderId) {
        HttpCall.Response workOrder = HttpCall.get(suite.reconcilePort(), "/api/work-orders/" + workOrderId).bearer(token("olga")).send();
        assertThat(workOrder.status()).as(workOrder.body()).isEqualTo(200);
        return workOrder.json();
    }

    /** @param who the person resolving; null sends no token */
    private HttpCall.Response resolve(String workOrderId, String action, String who) {
        return resolve(workOrderId, action, who, "from LocalSuiteIT");
    }

    private HttpCall.Response resolve(String workOrderId, String action, String who, String note) {
        HttpCall call = HttpCall.post(suite.reconcilePort(), "/api/work-orders/" + workOrderId + "/resolve")
                .json("{\"action\":\"" + action + "\",\"note\":\"" + note + "\"}");
        if (who != null) {
            call.bearer(token(who));
        }
        return call.send();
    }

    @Test
    void anEventTheBrokerNeverDeliveredIsRedrivenFromTheStoredPayload() throws Exception {
        int stockBefore = stock(1002);
        long orderId = 7_000_000_000_000L + System.nanoTime() % 1_000_000_000L;
        OrderCreatedEvent event = new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, orderId, 9L, 1002L, 3, Instant.now());
        try (Connection db = orderDb(); Statement sql = db.createStatement()) {
            // what a committed local transaction leaves behind when its message is lost
            sql.executeUpdate("INSERT INTO t_order (order_id, user_id, idempotency_key, sku_id, quantity, status)"
                    + " VALUES (" + orderId + ", 9, 'lost-" + orderId + "', 1002, 3, 'CREATED')");
            sql.executeUpdate("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload,"
                    + " msg_status, reconcile_status, next_reconcile_time) VALUES (" + orderId + ", 'ORDER_CREATED', "
                    + OrderShards.shardKeyOf(orderId) + ", 'EVENTUAL_ORDER_EVENT', 'ORDER_CREATED', '" + orderId + "', '"
                    + OrderEvents.toJson(event) + "', 'SENT', 'PENDING', CURRENT_TIMESTAMP(3))");
        }

        await().atMost(Duration.ofSeconds(60))
                .until(() -> "SUCCESS".equals(order(Long.toString(orderId)).get("reconcileStatus").asString()));
        JsonNode order = order(Long.toString(orderId));
        assertThat(order.get("consumers").get("inventory").asString()).isEqualTo("SUCCESS");
        assertThat(order.get("consumers").get("notice").asString()).isEqualTo("SUCCESS");
        assertThat(stock(1002)).isEqualTo(stockBefore - 3);
    }

    private String place(long sku, int quantity) {
        HttpCall.Response placed = HttpCall.post(suite.orderPort(), "/api/orders").bearer(token("alice"))
                .json("{\"userId\":1,\"skuId\":" + sku + ",\"quantity\":" + quantity + "}").send();
        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
        return placed.json().get("orderId").asString();
    }

    private static Connection orderDb() throws Exception {
        return DriverManager.getConnection(suite.database().jdbcUrl("order_db"), suite.database().username(),
                suite.database().password());
    }

    private static long count(Connection db, String query) throws Exception {
        try (Statement sql = db.createStatement(); ResultSet rows = sql.executeQuery(query)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** Read by the operator, who reads every customer's orders (one of them was inserted for customer 9). */
    private JsonNode order(String orderId) {
        HttpCall.Response order = HttpCall.get(suite.orderPort(), "/api/orders/" + orderId).bearer(token("olga")).send();
        assertThat(order.status()).as(order.body()).isEqualTo(200);
        return order.json();
    }

    private int stock(long sku) {
        HttpCall.Response stock = HttpCall.get(suite.inventoryPort(), "/api/inventory/" + sku).bearer(token("alice")).send();
        assertThat(stock.status()).as(stock.body()).isEqualTo(200);
        return stock.json().get("stock").asInt();
    }

    private static String token(String who) {
        return SharedSuite.token(who);
    }
}
