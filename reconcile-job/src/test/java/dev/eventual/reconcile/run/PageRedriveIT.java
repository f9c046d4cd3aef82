package dev.eventual.reconcile.run;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.reconcile.shard.ShardRange;
import dev.eventual.reconcile.support.ReconcileJobIT;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A page of rows that all need a re-drive, on the real order_db, with inventory and notice played by
 * a recording HTTP stand-in on loopback (it counts the calls the job makes): the page costs one call
 * per kind of action and a constant number of UPDATE statements, and a row whose claim another run
 * took meanwhile is not finished by this one. A cancel that commits while the run asks the consumers is
 * seen with the fence it caused.
 */
@ReconcileJobIT
class PageRedriveIT {

    private static final int SHARD_KEY = 4_321;
    private static final int CANCEL_SHARD_KEY = 4_322;
    private static final long FIRST_ORDER = 7_400_000_000L;
    private static final int ROWS = 50;
    private static final Pattern ORDER_ID = Pattern.compile("\"orderId\"\\s*:\\s*\"?(\\d+)");

    private static final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    /** What the inventory stand-in does when the batch arrives: here another run takes one row's claim. */
    private static volatile Runnable duringInventoryCall = () -> { };
    /** What the inventory stand-in does when the statuses are asked, and the statuses it answers. */
    private static volatile Runnable duringInventoryStatus = () -> { };
    private static volatile String inventoryStatuses = "{\"statuses\":{}}";
    private static final HttpServer standIn = startStandIn();

    @Autowired
    ReconcileRun run;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MeterRegistry meters;

    @DynamicPropertySource
    static void downstream(DynamicPropertyRegistry registry) {
        String uri = "http://127.0.0.1:" + standIn.getAddress().getPort();
        registry.add("spring.cloud.discovery.client.simple.instances.inventory-service[0].uri", () -> uri);
        registry.add("spring.cloud.discovery.client.simple.instances.notice-service[0].uri", () -> uri);
    }

    @AfterAll
    static void stop() {
        standIn.stop(0);
    }

    @Test
    void aPageOfRedrivesCostsOneCallPerKindAndAFewStatementsAndLeavesARowClaimedByAnotherRunAlone() {
        for (long order = FIRST_ORDER; order < FIRST_ORDER + ROWS; order++) {
            seed(order);
        }
        calls.clear();
        long stolen = FIRST_ORDER + 7;
        duringInventoryCall = () -> jdbc.update("UPDATE message_log SET claim_token = 'another-run' WHERE order_id = ?", stolen);
        double retriedBefore = meters.counter("eventual.reconcile.rows", "outcome", "retried").count();
        long updatesBefore = updateStatements();

        RunResult result = run.run(ShardRange.of(SHARD_KEY, ShardRange.KEY_SPACE));

        long updates = updateStatements() - updatesBefore;
        assertThat(result.claimed()).isEqualTo(ROWS);
        assertThat(calls).containsOnlyKeys("/internal/inventory/status", "/internal/notices/status",
                "/internal/inventory/retries", "/internal/notices/order-created/retries");
        assertThat(calls.values()).allSatisfy(count -> assertThat(count.get()).isEqualTo(1));
        // the claim, the stand-in's theft, the one finishing UPDATE: row by row it was one per row more
        assertThat(updates).isLessThanOrEqualTo(3);
        // inventory took every re-drive, notice none: each row retries, with its own back-off and error
        assertThat(result.retried()).isEqualTo(ROWS - 1);
        assertThat(meters.counter("eventual.reconcile.rows", "outcome", "retried").count() - retriedBefore)
                .isEqualTo(ROWS - 1);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE order_id BETWEEN ? AND ? AND order_id <> ?"
                        + " AND reconcile_status = 'RETRY' AND retry_count = 1 AND claim_token IS NULL"
                        + " AND next_reconcile_time > CURRENT_TIMESTAMP(3) AND last_error LIKE '%notice FAIL%'",
                Long.class, FIRST_ORDER, FIRST_ORDER + ROWS - 1, stolen)).isEqualTo(ROWS - 1);
        assertThat(jdbc.queryForMap("SELECT reconcile_status, retry_count, claim_token, last_error FROM message_log"
                + " WHERE order_id = ?", stolen)).containsEntry("reconcile_status", "PENDING")
                .containsEntry("retry_count", 0).containsEntry("claim_token", "another-run").containsEntry("last_error", null);
    }

    /**
     * The cancel commits while the run asks inventory for the statuses, and inventory fences the stock (it
     * answers RELEASED): the run must see the order CANCELED beside the fence, whose created row the
     * decision table answers DONE; had it read the order before asking, it saw "CREATED, released" and
     * opened a work order for a consistent order (found by the spin model, docs/model/README.md).
     */
    @Test
    void aCancelCommittedWhileTheConsumersAreAskedIsSeenWithTheFenceItCaused() {
        long order = FIRST_ORDER + 1_000;
        seed(order, CANCEL_SHARD_KEY);
        duringInventoryStatus = () -> jdbc.update("UPDATE t_order SET status = 'CANCELED' WHERE order_id = ?", order);
        inventoryStatuses = "{\"statuses\":{\"" + order + "\":\"RELEASED\"}}";
        calls.clear();
        try {
            RunResult result = run.run(ShardRange.of(CANCEL_SHARD_KEY, ShardRange.KEY_SPACE));

            assertThat(result.claimed()).isEqualTo(1);
            assertThat(jdbc.queryForMap("SELECT reconcile_status, claim_token FROM message_log WHERE order_id = ?", order))
                    .containsEntry("reconcile_status", "SUCCESS").containsEntry("claim_token", null);
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM reconcile_work_order WHERE order_id = ?", Long.class, order))
                    .isZero();
            assertThat(calls).containsOnlyKeys("/internal/inventory/status", "/internal/notices/status");
        } finally {
            duringInventoryStatus = () -> { };
            inventoryStatuses = "{\"statuses\":{}}";
        }
    }

    private void seed(long orderId) {
        seed(orderId, SHARD_KEY);
    }

    private void seed(long orderId, int shardKey) {
        jdbc.update("INSERT INTO t_order (order_id, user_id, idempotency_key, sku_id, quantity, status)"
                + " VALUES (?, 1, ?, 1, 1, 'CREATED')", orderId, "pr-" + orderId);
        String payload = OrderEvents.toJson(new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, orderId, 1L, 1L, 1,
                Instant.parse("2026-01-01T00:00:00Z")));
        jdbc.update("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload, msg_status,"
                + " reconcile_status, next_reconcile_time) VALUES (?, 'ORDER_CREATED', ?, 't', 'ORDER_CREATED', 'k', ?,"
                + " 'SENT', 'PENDING', CURRENT_TIMESTAMP(3) - INTERVAL 1 SECOND)", orderId, shardKey, payload);
    }

    /** UPDATE statements the server ran, whoever sent them; nothing else writes order_db during the run. */
    private long updateStatements() {
        return jdbc.queryForObject("SHOW GLOBAL STATUS LIKE 'Com_update'", (rs, i) -> rs.getLong(2));
    }

    /**
     * Status asks answer nothing known (NOT_FOUND) unless a test says otherwise; inventory re-drives succeed;
     * notice stops before the first.
     */
    private static HttpServer startStandIn() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/internal/", exchange -> {
                String path = exchange.getRequestURI().getPath();
                calls.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                switch (path) {
                    case "/internal/inventory/status" -> {
                        duringInventoryStatus.run();
                        answer(exchange, inventoryStatuses);
                    }
                    case "/internal/notices/status" -> answer(exchange, "{\"statuses\":{}}");
                    case "/internal/inventory/retries" -> {
                        duringInventoryCall.run();
                        answer(exchange, "{\"results\":[" + orderIds(body).stream()
                                .map(id -> "{\"orderId\":\"" + id + "\",\"status\":\"SUCCESS\",\"detail\":\"stand-in\"}")
                                .collect(Collectors.joining(",")) + "]}");
                    }
                    case "/internal/notices/order-created/retries" -> answer(exchange, "{\"results\":[]}");
                    default -> {
                        exchange.sendResponseHeaders(404, -1);
                        exchange.close();
                    }
                }
            });
            server.start();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> orderIds(String body) {
        Matcher matcher = ORDER_ID.matcher(body);
        List<String> ids = new ArrayList<>();
        while (matcher.find()) {
            ids.add(matcher.group(1));
        }
        return ids;
    }

    private static void answer(HttpExchange exchange, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}
