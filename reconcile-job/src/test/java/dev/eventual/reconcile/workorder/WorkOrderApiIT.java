package dev.eventual.reconcile.workorder;

import dev.eventual.order.core.reconcile.WorkOrders;
import com.sun.net.httpserver.HttpServer;
import dev.eventual.common.api.TextLimits;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestAuthServer;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.reconcile.support.ReconcileJobIT;
import dev.eventual.reconcile.workorder.OpenWorkOrders.Opened;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who may list, read and resolve work orders, with real access tokens from the test authorization server;
 * order-service is a stand-in on loopback that records the cancels it is asked for. Every audit row names
 * the token's subject.
 */
@ReconcileJobIT
class WorkOrderApiIT {

    /** What the order-service stand-in was asked, by order id: the service token presented and the body. */
    private record Cancel(String authorization, String body) {
    }

    private static final Map<String, List<Cancel>> cancels = new ConcurrentHashMap<>();
    private static final HttpServer orderService = startOrderService();

    @DynamicPropertySource
    static void orderService(DynamicPropertyRegistry registry) {
        registry.add("spring.cloud.discovery.client.simple.instances.order-service[0].uri",
                () -> "http://127.0.0.1:" + orderService.getAddress().getPort());
        // small, so that two requests of a bulk act show the bound
        registry.add("eventual.reconcile.work-orders.bulk-limit", () -> BULK_LIMIT);
    }

    private static final int BULK_LIMIT = 3;

    @AfterAll
    static void stop() {
        orderService.stop(0);
    }

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    WorkOrders stored;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();
    private OpenWorkOrders workOrders;

    @BeforeEach
    void workOrders() {
        workOrders = new OpenWorkOrders(jdbc);
    }

    @AfterEach
    void removeEvents() {
        workOrders.removeEvents();
    }

    @Test
    void anOperatorListsAndReadsWorkOrders() {
        Opened opened = workOrders.open();

        HttpCall.Response list = HttpCall.get(port, "/api/work-orders?orderId=" + opened.orderId())
                .bearer(tokens.operator()).send();
        HttpCall.Response read = HttpCall.get(port, "/api/work-orders/" + opened.id()).bearer(tokens.operator()).send();

        assertThat(list.status()).as(list.body()).isEqualTo(200);
        assertThat(list.json().get("total").asLong()).isEqualTo(1);
        assertThat(list.json().get("items").get(0).get("id").asString()).isEqualTo(Long.toString(opened.id()));
        assertThat(read.status()).as(read.body()).isEqualTo(200);
        assertThat(read.json().get("orderId").asString()).isEqualTo(Long.toString(opened.orderId()));
        assertThat(read.json().get("status").asString()).isEqualTo("OPEN");
    }

    @Test
    void anOperatorRetriesAndClosesAndTheAuditNamesTheTokensSubject() {
        Opened retried = workOrders.open();
        Opened closed = workOrders.open();

        HttpCall.Response retry = resolve(retried, "{\"action\":\"RETRY\",\"note\":\"stock added\"}", tokens.operator());
        HttpCall.Response close = resolve(closed, "{\"action\":\"CLOSE\"}", tokens.operator());

        assertThat(retry.status()).as(retry.body()).isEqualTo(200);
        assertResolved(retry.json(), "RETRY", TestAuthServer.OPERATOR);
        assertThat(retry.json().get("audit").get(0).get("note").asString()).isEqualTo("stock added");
        assertThat(workOrders.eventStatus(retried)).isEqualTo("RETRY");
        assertThat(close.status()).as(close.body()).isEqualTo(200);
        assertResolved(close.json(), "CLOSE", TestAuthServer.OPERATOR);
        assertThat(workOrders.eventStatus(closed)).isEqualTo("SUCCESS");
    }

    @Test
    void aBodyThatStillNamesTheOperatorIsRefusedNamingTheField() {
        Opened opened = workOrders.open();

        HttpCall.Response response = resolve(opened, "{\"action\":\"RETRY\",\"operator\":\"ann\"}", tokens.operator());

        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.json().get("invalidParams").findValuesAsString("name")).containsExactly("operator");
        assertThat(stored.find(opened.id()).orElseThrow().status()).isEqualTo(WorkOrders.Status.OPEN);
        assertThat(stored.findAudited(opened.id()).orElseThrow().audit()).isEmpty();
    }

    @Test
    void anOperatorCannotCancelTheOrderAndTheRefusalIsAudited() {
        Opened opened = workOrders.open();

        HttpCall.Response response = resolve(opened, "{\"action\":\"CANCEL_ORDER\",\"note\":\"customer asked\"}",
                tokens.operator());

        assertThat(response.status()).as(response.body()).isEqualTo(403);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().get("type").asString()).isEqualTo("urn:eventual:problem:forbidden");
        assertThat(response.json().get("detail").asString())
                .isEqualTo("CANCEL_ORDER is for admin; " + TestAuthServer.OPERATOR + " is not one. Nothing was changed");
        assertThat(cancels).doesNotContainKey(Long.toString(opened.orderId()));
        assertThat(stored.find(opened.id()).orElseThrow().status()).isEqualTo(WorkOrders.Status.OPEN);
        assertThat(workOrders.eventStatus(opened)).isEqualTo("FAIL");
        assertThat(stored.findAudited(opened.id()).orElseThrow().audit()).singleElement().satisfies(row -> {
            assertThat(row.action()).isEqualTo("CANCEL_ORDER");
            assertThat(row.operator()).isEqualTo(TestAuthServer.OPERATOR);
            assertThat(row.outcome()).isEqualTo("REJECTED");
            assertThat(row.note()).isEqualTo("customer asked");
            assertThat(row.detail()).contains("is for admin");
        });
    }

    @Test
    void theAdminCancelsTheOrderThroughOrderServiceWithTheJobsOwnClientToken() {
        Opened opened = workOrders.open();

        HttpCall.Response response = resolve(opened, "{\"action\":\"CANCEL_ORDER\"}", tokens.admin());

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertResolved(response.json(), "CANCEL_ORDER", TestAuthServer.ADMIN);
        assertThat(cancels.get(Long.toString(opened.orderId()))).singleElement().satisfies(cancel -> {
            // reconcile-job's own client's token, with the scope to cancel, not the admin's: the admin is named in the reason
            assertThat(cancel.authorization()).startsWith("Bearer ");
            String claims = new String(java.util.Base64.getUrlDecoder().decode(cancel.authorization().split("\\.")[1]),
                    StandardCharsets.UTF_8);
            assertThat(claims).contains("\"sub\":\"reconcile-job\"").contains("orders.cancel");
            assertThat(cancel.body()).contains("work order " + opened.id() + " (" + TestAuthServer.ADMIN + ")");
        });
        assertThat(workOrders.eventStatus(opened)).isEqualTo("RETRY");
    }

    @Test
    void aNoteLongerThanTheLimitIsRefusedNamingTheFieldAndWritesNothing() {
        Opened opened = workOrders.open();
        String tooLong = "n".repeat(TextLimits.WORK_ORDER_NOTE + 1);

        HttpCall.Response single = resolve(opened, "{\"action\":\"CANCEL_ORDER\",\"note\":\"" + tooLong + "\"}", tokens.admin());
        HttpCall.Response bulk = bulk("{\"filter\":{\"reason\":\"insufficient\"},\"action\":\"CLOSE\",\"note\":\""
                + tooLong + "\",\"expectedCount\":1}", tokens.operator());

        for (HttpCall.Response response : List.of(single, bulk)) {
            assertThat(response.status()).as(response.body()).isEqualTo(400);
            assertThat(response.json().get("invalidParams").findValuesAsString("name")).containsExactly("note");
        }
        assertThat(cancels).doesNotContainKey(Long.toString(opened.orderId()));
        assertThat(stored.find(opened.id()).orElseThrow().status()).isEqualTo(WorkOrders.Status.OPEN);
        assertThat(stored.findAudited(opened.id()).orElseThrow().audit()).isEmpty();
    }

    @Test
    void theLongestNoteCancelsTheOrderWithAReasonOrderServiceTakes() {
        Opened opened = workOrders.open();
        String longest = "n".repeat(TextLimits.WORK_ORDER_NOTE);

        HttpCall.Response response = resolve(opened, "{\"action\":\"CANCEL_ORDER\",\"note\":\"" + longest + "\"}",
                tokens.admin());

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertResolved(response.json(), "CANCEL_ORDER", TestAuthServer.ADMIN);
        assertThat(response.json().get("resolutionNote").asString()).isEqualTo(longest);
        assertThat(cancels.get(Long.toString(opened.orderId()))).singleElement().satisfies(cancel ->
                assertThat(JsonMapper.builder().build().readTree(cancel.body()).get("reason").asString())
                        .endsWith(longest).hasSizeLessThanOrEqualTo(TextLimits.CANCEL_REASON));
    }

    @Test
    void theAuditColumnsHoldTheLongestNoteAndSubjectTheEdgeAccepts() {
        Map<String, Integer> widths = new HashMap<>();
        jdbc.query("SELECT CONCAT(table_name, '.', column_name), character_maximum_length FROM information_schema.columns"
                + " WHERE table_schema = DATABASE() AND table_name LIKE 'reconcile_work_order%'",
                (RowCallbackHandler) row -> widths.put(row.getString(1), row.getInt(2)));

        assertThat(widths.get("reconcile_work_order_audit.note")).isGreaterThanOrEqualTo(TextLimits.WORK_ORDER_NOTE);
        assertThat(widths.get("reconcile_work_order.resolution_note")).isGreaterThanOrEqualTo(TextLimits.WORK_ORDER_NOTE);
        assertThat(widths.get("reconcile_work_order_audit.operator")).isGreaterThanOrEqualTo(TextLimits.SUBJECT);
        assertThat(widths.get("reconcile_work_order.resolved_by")).isGreaterThanOrEqualTo(TextLimits.SUBJECT);
    }

    @Test
    void theListFiltersBySkuAndByWhatTheReasonContains() {
        long sku = ThreadLocalRandom.current().nextLong(1_000_000_000L, 1_000_000_000_000L);
        String cause = "depot " + sku + " short";
        Opened ofSkuAndCause = workOrders.open(sku, "retries exhausted (5): " + cause);
        Opened ofSku = workOrders.open(sku, "unexpected state");
        Opened ofCause = workOrders.open(sku + 1, "retries exhausted (5): " + cause.toUpperCase());

        assertThat(ids("/api/work-orders?skuId=" + sku)).containsExactlyInAnyOrder(ofSkuAndCause.id(), ofSku.id());
        assertThat(ids("/api/work-orders?reason=" + URLEncoder.encode(cause, StandardCharsets.UTF_8)))
                .as("contained, case-insensitively").containsExactlyInAnyOrder(ofSkuAndCause.id(), ofCause.id());
        assertThat(ids("/api/work-orders?status=OPEN&eventType=ORDER_CREATED&skuId=" + sku + "&reason="
                + URLEncoder.encode(cause, StandardCharsets.UTF_8))).containsExactly(ofSkuAndCause.id());
        HttpCall.Response one = HttpCall.get(port, "/api/work-orders/" + ofSku.id()).bearer(tokens.operator()).send();
        assertThat(one.json().get("skuId").asString()).isEqualTo(Long.toString(sku));
        HttpCall.Response badSku = HttpCall.get(port, "/api/work-orders?skuId=x").bearer(tokens.operator()).send();
        assertThat(badSku.status()).isEqualTo(400);
        assertThat(badSku.json().get("invalidParams").findValuesAsString("name")).containsExactly("skuId");
        HttpCall.Response longReason = HttpCall.get(port, "/api/work-orders?reason=" + "r".repeat(TextLimits.REASON_FILTER + 1))
                .bearer(tokens.operator()).send();
        assertThat(longReason.status()).isEqualTo(400);
        assertThat(longReason.json().get("invalidParams").findValuesAsString("name")).containsExactly("reason");
    }

    @Test
    void anOperatorRetriesEveryOpenWorkOrderOfASkuInBoundedRequestsEachAudited() {
        long sku = ThreadLocalRandom.current().nextLong(1_000_000_000L, 1_000_000_000_000L);
        List<Opened> ofSku = new ArrayList<>();
        for (int i = 0; i < BULK_LIMIT + 2; i++) {
            ofSku.add(workOrders.open(sku, "retries exhausted (5): inventory FAIL, notice SUCCESS"));
        }
        Opened otherSku = workOrders.open(sku + 1, "retries exhausted (5): inventory FAIL, notice SUCCESS");
        String body = "{\"filter\":{\"skuId\":\"" + sku + "\"},\"action\":\"RETRY\",\"note\":\"restocked\",\"expectedCount\":%d}";

        HttpCall.Response first = bulk(body.formatted(BULK_LIMIT + 2), tokens.operator());
        HttpCall.Response second = bulk(body.formatted(2), tokens.operator());

        assertThat(first.status()).as(first.body()).isEqualTo(200);
        assertThat(first.json().get("worked").asInt()).isEqualTo(BULK_LIMIT);
        assertThat(first.json().get("remaining").asLong()).isEqualTo(2);
        assertThat(second.status()).as(second.body()).isEqualTo(200);
        assertThat(second.json().get("worked").asInt()).isEqualTo(2);
        assertThat(second.json().get("skipped").asInt()).isZero();
        assertThat(second.json().get("remaining").asLong()).isZero();
        for (Opened opened : ofSku) {
            assertThat(stored.find(opened.id()).orElseThrow().resolvedBy()).isEqualTo(TestAuthServer.OPERATOR);
            assertThat(workOrders.eventStatus(opened)).isEqualTo("RETRY");
            assertThat(stored.findAudited(opened.id()).orElseThrow().audit()).singleElement().satisfies(row -> {
                assertThat(row.action()).isEqualTo("RETRY");
                assertThat(row.operator()).isEqualTo(TestAuthServer.OPERATOR);
                assertThat(row.note()).isEqualTo("restocked");
                assertThat(row.outcome()).isEqualTo("APPLIED");
            });
        }
        assertThat(stored.find(otherSku.id()).orElseThrow().status()).isEqualTo(WorkOrders.Status.OPEN);
    }

    @Test
    void aBulkActIsRefusedWhenTheCountMovedWhenItAsksForCancelOrForEverythingAndForACustomer() {
        long sku = ThreadLocalRandom.current().nextLong(1_000_000_000L, 1_000_000_000_000L);
        Opened a = workOrders.open(sku, "inventory FAIL");
        Opened b = workOrders.open(sku, "inventory FAIL");
        String filter = "{\"skuId\":\"" + sku + "\"}";

        HttpCall.Response moved = bulk("{\"filter\":" + filter + ",\"action\":\"CLOSE\",\"note\":\"n\",\"expectedCount\":1}",
                tokens.operator());
        HttpCall.Response cancel = bulk("{\"filter\":" + filter + ",\"action\":\"CANCEL_ORDER\",\"note\":\"n\",\"expectedCount\":2}",
                tokens.admin());
        HttpCall.Response everything = bulk("{\"filter\":{},\"action\":\"CLOSE\",\"note\":\"n\",\"expectedCount\":2}",
                tokens.operator());
        HttpCall.Response noNote = bulk("{\"filter\":" + filter + ",\"action\":\"CLOSE\",\"note\":\" \",\"expectedCount\":2}",
                tokens.operator());
        HttpCall.Response customer = bulk("{\"filter\":" + filter + ",\"action\":\"CLOSE\",\"note\":\"n\",\"expectedCount\":2}",
                tokens.customer(7));

        assertThat(moved.status()).as(moved.body()).isEqualTo(409);
        assertThat(moved.json().get("detail").asString()).startsWith("2 open work orders match now, not the 1 confirmed");
        assertThat(cancel.status()).as(cancel.body()).isEqualTo(400);
        assertThat(cancel.json().get("invalidParams").findValuesAsString("name")).containsExactly("action");
        assertThat(everything.status()).as(everything.body()).isEqualTo(400);
        assertThat(everything.json().get("invalidParams").findValuesAsString("name")).containsExactly("filter");
        assertThat(noNote.status()).as(noNote.body()).isEqualTo(400);
        assertThat(noNote.json().get("invalidParams").findValuesAsString("name")).containsExactly("note");
        assertThat(customer.status()).isEqualTo(403);
        for (Opened opened : List.of(a, b)) {
            assertThat(stored.find(opened.id()).orElseThrow().status()).isEqualTo(WorkOrders.Status.OPEN);
            assertThat(stored.findAudited(opened.id()).orElseThrow().audit()).isEmpty();
        }
        assertThat(cancels).doesNotContainKeys(Long.toString(a.orderId()), Long.toString(b.orderId()));
    }

    @Test
    void aCustomerIsRefusedAndWithoutAnAccessTokenNoOneIsServed() {
        Opened opened = workOrders.open();
        String customer = tokens.customer(7);

        assertThat(HttpCall.get(port, "/api/work-orders").bearer(customer).send().status()).isEqualTo(403);
        assertThat(HttpCall.get(port, "/api/work-orders/" + opened.id()).bearer(customer).send().status()).isEqualTo(403);
        assertThat(resolve(opened, "{\"action\":\"CLOSE\"}", customer).status()).isEqualTo(403);
        assertThat(HttpCall.get(port, "/api/work-orders").send().status()).isEqualTo(401);
        assertThat(HttpCall.get(port, "/api/work-orders/" + opened.id()).send().status()).isEqualTo(401);
        assertThat(HttpCall.post(port, "/api/work-orders/" + opened.id() + "/resolve").json("{\"action\":\"CLOSE\"}")
                .send().status()).isEqualTo(401);
        // no service resolves work orders: neither the old service token nor a service's client opens it
        assertThat(HttpCall.post(port, "/api/work-orders/" + opened.id() + "/resolve").json("{\"action\":\"CLOSE\"}")
                .header("X-Eventual-Service-Token", "test-service-token-not-for-production").send().status())
                .isEqualTo(401);
        assertThat(resolve(opened, "{\"action\":\"CLOSE\"}", tokens.reconcile()).status()).isEqualTo(403);
        // refused before the handler: nothing happened, so nothing was audited
        assertThat(stored.find(opened.id()).orElseThrow().status()).isEqualTo(WorkOrders.Status.OPEN);
        assertThat(stored.findAudited(opened.id()).orElseThrow().audit()).isEmpty();
    }

    private HttpCall.Response bulk(String body, String token) {
        return HttpCall.post(port, "/api/work-orders/bulk").bearer(token).json(body).send();
    }

    private List<Long> ids(String path) {
        HttpCall.Response page = HttpCall.get(port, path + "&size=100").bearer(tokens.operator()).send();
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        return page.json().get("items").findValuesAsString("id").stream().map(Long::parseLong).toList();
    }

    private HttpCall.Response resolve(Opened opened, String body, String token) {
        return HttpCall.post(port, "/api/work-orders/" + opened.id() + "/resolve").bearer(token).json(body).send();
    }

    private static void assertResolved(JsonNode view, String action, String by) {
        assertThat(view.get("status").asString()).isEqualTo("RESOLVED");
        assertThat(view.get("resolution").asString()).isEqualTo(action);
        assertThat(view.get("resolvedBy").asString()).isEqualTo(by);
        assertThat(view.get("audit")).singleElement().satisfies(entry -> {
            assertThat(entry.get("action").asString()).isEqualTo(action);
            assertThat(entry.get("operator").asString()).isEqualTo(by);
            assertThat(entry.get("outcome").asString()).isEqualTo("APPLIED");
        });
    }

    /** Answers every cancel with 200 and records it; the unpaid-order scan may ask for others' orders too. */
    private static HttpServer startOrderService() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/api/orders/", exchange -> {
                String orderId = exchange.getRequestURI().getPath().split("/")[3];
                cancels.computeIfAbsent(orderId, id -> new CopyOnWriteArrayList<>()).add(new Cancel(
                        exchange.getRequestHeaders().getFirst("Authorization"),
                        new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
                byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.start();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
