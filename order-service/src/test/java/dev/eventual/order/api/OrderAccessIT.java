package dev.eventual.order.api;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestAuthServer;
import dev.eventual.infra.test.TestConsumer;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.infra.test.ObservedEvents;
import dev.eventual.order.support.OrderServiceIT;
import dev.eventual.order.support.OrderTables;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Who may do what with orders (issue 26), end to end: tokens from the real authorization server, got
 * through its login form, checked by order-service as in production. Alice and Bob are customers with
 * ids of their own in this run, so their lists hold exactly what this test placed.
 */
@OrderServiceIT
class OrderAccessIT {

    private static final String TIMEOUT_CANCEL = "{\"reason\":\"payment-timeout\",\"expectedStatus\":\"CREATED\"}";

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();
    private final TestConsumer observer = ObservedEvents.consumer();
    private final long alice = ThreadLocalRandom.current().nextLong(1_000_000_000, Long.MAX_VALUE / 2);
    private final long bob = alice + 1;

    @Test
    void aCustomerPlacesAndReadsItsOwnOrdersWithOrWithoutNamingItself() {
        HttpCall.Response unnamed = HttpCall.post(port, "/api/orders").bearer(tokens.customer(alice))
                .json("{\"skuId\":11,\"quantity\":2}").send();
        HttpCall.Response named = HttpCall.post(port, "/api/orders").bearer(tokens.customer(alice))
                .json("{\"userId\":\"" + alice + "\",\"skuId\":12,\"quantity\":1}").send();

        // the order is the token's customer's: userId in the body is optional
        for (HttpCall.Response placed : List.of(unnamed, named)) {
            assertThat(placed.status()).as(placed.body()).isEqualTo(201);
            assertThat(placed.json().get("userId").asString()).isEqualTo(Long.toString(alice));
        }
        String orderId = unnamed.json().get("orderId").asString();
        assertThat(jdbc.queryForObject("SELECT user_id FROM t_order WHERE order_id = ?", Long.class, Long.parseLong(orderId)))
                .isEqualTo(alice);

        HttpCall.Response read = HttpCall.get(port, "/api/orders/" + orderId).bearer(tokens.customer(alice)).send();
        assertThat(read.status()).as(read.body()).isEqualTo(200);
        assertThat(read.json().get("status").asString()).isEqualTo("CREATED");
        assertThat(read.json().get("skuId").asString()).isEqualTo("11");

        // her list holds her two orders, whether or not she names herself
        for (String query : List.of("", "?userId=" + alice)) {
            JsonNode list = list(tokens.customer(alice), query);
            assertThat(list.get("total").asLong()).as(query).isEqualTo(2);
            assertThat(list.get("items").findValuesAsString("orderId"))
                    .containsExactlyInAnyOrder(orderId, named.json().get("orderId").asString());
        }
    }

    @Test
    void anotherCustomerCanNeitherReadNorCancelAnOrderNorTellThatItExists() {
        String orderId = place(alice);
        String unknownId = "424242424244";
        OrderTables before = OrderTables.count(jdbc);

        HttpCall.Response read = HttpCall.get(port, "/api/orders/" + orderId).bearer(tokens.customer(bob)).send();
        HttpCall.Response cancel = HttpCall.post(port, "/api/orders/" + orderId + "/cancel").bearer(tokens.customer(bob))
                .json("{\"reason\":\"not mine\"}").send();
        HttpCall.Response cancelNoBody = HttpCall.post(port, "/api/orders/" + orderId + "/cancel").bearer(tokens.customer(bob)).send();
        HttpCall.Response readUnknown = HttpCall.get(port, "/api/orders/" + unknownId).bearer(tokens.customer(bob)).send();
        HttpCall.Response cancelUnknown = HttpCall.post(port, "/api/orders/" + unknownId + "/cancel").bearer(tokens.customer(bob))
                .json("{\"reason\":\"not mine\"}").send();

        for (HttpCall.Response refused : List.of(read, cancel, cancelNoBody)) {
            assertThat(refused.status()).as(refused.body()).isEqualTo(404);
            assertThat(refused.contentType()).startsWith("application/problem+json");
            assertThat(refused.body()).doesNotContain(Long.toString(alice));
        }
        // word for word what an id that does not exist gets
        assertThat(read.body().replace(orderId, "ID")).isEqualTo(readUnknown.body().replace(unknownId, "ID"));
        assertThat(cancel.body().replace(orderId, "ID")).isEqualTo(cancelUnknown.body().replace(unknownId, "ID"));
        // nothing was attempted: no cancel event, no attempt, the order unchanged
        assertThat(OrderTables.count(jdbc)).isEqualTo(before);
        assertThat(status(orderId)).isEqualTo("CREATED");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM tx_attempt_barrier WHERE order_id = ? AND event_type = 'ORDER_CANCELED'",
                Long.class, Long.parseLong(orderId))).isZero();
        // and still hers
        assertThat(HttpCall.get(port, "/api/orders/" + orderId).bearer(tokens.customer(alice)).send().status()).isEqualTo(200);
    }

    @Test
    void aCustomersListHoldsOnlyItsOwnOrdersAndNamingAnotherIsForbidden() {
        String alices = place(alice);
        String bobsFirst = place(bob);
        String bobsSecond = place(bob);

        for (String query : List.of("", "?userId=" + bob, "?status=CREATED")) {
            JsonNode list = list(tokens.customer(bob), query);
            assertThat(list.get("items").findValuesAsString("orderId")).as(query).containsExactly(bobsSecond, bobsFirst);
            assertThat(list.get("items").findValuesAsString("userId")).as(query).containsOnly(Long.toString(bob));
            assertThat(list.get("total").asLong()).as(query).isEqualTo(2);
        }

        HttpCall.Response others = HttpCall.get(port, "/api/orders?userId=" + alice).bearer(tokens.customer(bob)).send();
        assertForbidden(others);
        assertThat(others.body()).doesNotContain(alices);
    }

    @Test
    void theOperatorReadsAndListsEveryOrderButNeitherPlacesNorCancels() {
        String orderId = place(alice);
        String bobs = place(bob);

        HttpCall.Response read = HttpCall.get(port, "/api/orders/" + orderId).bearer(tokens.operator()).send();
        assertThat(read.status()).as(read.body()).isEqualTo(200);
        assertThat(read.json().get("userId").asString()).isEqualTo(Long.toString(alice));
        assertThat(list(tokens.operator(), "?userId=" + alice).get("items").findValuesAsString("orderId")).containsExactly(orderId);
        assertThat(list(tokens.operator(), "?userId=" + bob).get("items").findValuesAsString("orderId")).containsExactly(bobs);
        // unfiltered, the newest orders of everyone: both were placed last
        assertThat(list(tokens.operator(), "?size=100").get("items").findValuesAsString("orderId")).contains(orderId, bobs);

        OrderTables before = OrderTables.count(jdbc);
        HttpCall.Response placing = HttpCall.post(port, "/api/orders").bearer(tokens.operator())
                .json("{\"userId\":" + alice + ",\"skuId\":1,\"quantity\":1}").send();
        HttpCall.Response canceling = HttpCall.post(port, "/api/orders/" + orderId + "/cancel").bearer(tokens.operator())
                .json("{\"reason\":\"operator\"}").send();
        assertForbidden(placing);
        assertForbidden(canceling);
        assertThat(placing.json().get("detail").asString()).contains("placing an order").contains("operator");
        assertThat(canceling.json().get("detail").asString()).contains("canceling an order").contains("operator");
        assertThat(OrderTables.count(jdbc)).isEqualTo(before);
        assertThat(status(orderId)).isEqualTo("CREATED");
    }

    @Test
    void theAdminCancelsAnyOrderAndIsNamedInTheCanceledEventsReason() {
        String withReason = place(alice);
        String withoutBody = place(alice);

        HttpCall.Response read = HttpCall.get(port, "/api/orders/" + withReason).bearer(tokens.admin()).send();
        assertThat(read.status()).as(read.body()).isEqualTo(200);
        HttpCall.Response canceled = HttpCall.post(port, "/api/orders/" + withReason + "/cancel").bearer(tokens.admin())
                .json("{\"reason\":\"fraud suspected\"}").send();
        HttpCall.Response canceledNoBody = HttpCall.post(port, "/api/orders/" + withoutBody + "/cancel").bearer(tokens.admin()).send();

        for (HttpCall.Response response : List.of(canceled, canceledNoBody)) {
            assertThat(response.status()).as(response.body()).isEqualTo(200);
            assertThat(response.json().get("status").asString()).isEqualTo("CANCELED");
        }
        String byAdmin = " (by admin " + TestAuthServer.ADMIN + ")";
        assertThat(canceledReason(withReason)).isEqualTo("fraud suspected" + byAdmin);
        assertThat(canceledReason(withoutBody)).isEqualTo("canceled by request" + byAdmin);
        // the event the consumers get says the same
        await().atMost(Duration.ofSeconds(30)).until(() -> !canceledEvents(withReason).isEmpty());
        assertThat(OrderEvents.fromBytes(canceledEvents(withReason).get(0), OrderCanceledEvent.class).reason())
                .isEqualTo("fraud suspected" + byAdmin);
        // alice sees her order canceled
        assertThat(HttpCall.get(port, "/api/orders/" + withReason).bearer(tokens.customer(alice)).send().json()
                .get("status").asString()).isEqualTo("CANCELED");
    }

    @Test
    void theServiceTokenPaysAndCancelsButNoPersonPays() {
        String toPay = place(alice);
        String unpaid = place(alice);

        for (String token : List.of(tokens.customer(alice), tokens.operator(), tokens.admin())) {
            HttpCall.Response refused = HttpCall.post(port, "/api/orders/" + toPay + "/pay").bearer(token)
                    .json("{\"paymentId\":\"pay-" + toPay + "\"}").send();
            assertForbidden(refused);
            assertThat(refused.json().get("detail").asString()).contains("confirming payments is for a client with scope orders.pay");
        }
        assertThat(status(toPay)).isEqualTo("CREATED");

        HttpCall.Response paid = HttpCall.post(port, "/api/orders/" + toPay + "/pay").bearer(tokens.payment())
                .json("{\"paymentId\":\"pay-" + toPay + "\"}").send();
        assertThat(paid.status()).as(paid.body()).isEqualTo(200);
        assertThat(status(toPay)).isEqualTo("PAID");

        // the payment provider pays and cancels nothing
        assertForbidden(HttpCall.post(port, "/api/orders/" + unpaid + "/cancel").bearer(tokens.payment()).json(TIMEOUT_CANCEL).send());
        // the unpaid timeout (reconcile-job's client): the reason as sent, no one named
        HttpCall.Response timedOut = asReconcile(HttpCall.post(port, "/api/orders/" + unpaid + "/cancel")).json(TIMEOUT_CANCEL).send();
        assertThat(timedOut.status()).as(timedOut.body()).isEqualTo(200);
        assertThat(status(unpaid)).isEqualTo("CANCELED");
        assertThat(canceledReason(unpaid)).isEqualTo("payment-timeout");
        // the same request on the order paid first is refused by its state, not by who sent it
        assertThat(asReconcile(HttpCall.post(port, "/api/orders/" + toPay + "/cancel")).json(TIMEOUT_CANCEL).send().status())
                .isEqualTo(409);
        assertThat(status(toPay)).isEqualTo("PAID");
    }

    @Test
    void everyActWithoutATokenIs401WithAProblemAndChangesNothing() {
        String orderId = place(alice);
        OrderTables before = OrderTables.count(jdbc);

        // each act's refusal names the credential it takes: the payment callback is the services' act
        String bearer = "bearer access token";
        Map<HttpCall, String> calls = new LinkedHashMap<>();
        calls.put(HttpCall.post(port, "/api/orders").json("{\"userId\":" + alice + ",\"skuId\":1,\"quantity\":1}"), bearer);
        calls.put(HttpCall.post(port, "/api/orders").json("{\"skuId\":1,\"quantity\":1}"), bearer);
        calls.put(HttpCall.get(port, "/api/orders/" + orderId), bearer);
        calls.put(HttpCall.get(port, "/api/orders"), bearer);
        calls.put(HttpCall.get(port, "/api/orders?userId=" + alice), bearer);
        calls.put(HttpCall.post(port, "/api/orders/" + orderId + "/cancel").json("{\"reason\":\"anonymous\"}"), bearer);
        calls.put(HttpCall.post(port, "/api/orders/" + orderId + "/pay").json("{\"paymentId\":\"pay-anonymous\"}"),
                "access token of a client with scope orders.pay");
        for (Map.Entry<HttpCall, String> call : calls.entrySet()) {
            HttpCall.Response response = call.getKey().send();
            assertThat(response.status()).as(response.body()).isEqualTo(401);
            assertThat(response.contentType()).startsWith("application/problem+json");
            assertThat(response.json().get("type").asString()).isEqualTo("urn:eventual:problem:unauthorized");
            assertThat(response.json().get("detail").asString()).contains(call.getValue());
            assertThat(response.header("WWW-Authenticate")).isEqualTo("Bearer");
            // nothing about the order leaks to an anonymous caller
            assertThat(response.body()).doesNotContain("CREATED").doesNotContain(Long.toString(alice));
        }
        assertThat(OrderTables.count(jdbc)).isEqualTo(before);
        assertThat(status(orderId)).isEqualTo("CREATED");
    }

    /**
     * What a page on another site can make a browser send without asking (no preflight): a POST with no
     * body and no Content-Type, or a text/plain or form body, and no Authorization header, since
     * nothing here is a cookie the browser would add. None of them cancels.
     */
    @Test
    void aCancelAForeignPageCanSendChangesNothing() {
        String orderId = place(alice);
        String path = "/api/orders/" + orderId + "/cancel";

        List<HttpCall> forged = List.of(
                HttpCall.post(port, path),
                HttpCall.post(port, path).header("Content-Type", "text/plain")
                        .body("{\"reason\":\"forged\"}".getBytes(StandardCharsets.UTF_8)),
                HttpCall.post(port, path).header("Content-Type", "application/x-www-form-urlencoded")
                        .body("reason=forged".getBytes(StandardCharsets.UTF_8)));
        for (HttpCall call : forged) {
            HttpCall.Response response = call.send();
            assertThat(response.status()).as(response.body()).isEqualTo(401);
            assertThat(response.contentType()).startsWith("application/problem+json");
        }

        assertThat(status(orderId)).isEqualTo("CREATED");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE order_id = ? AND event_type = 'ORDER_CANCELED'",
                Long.class, Long.parseLong(orderId))).isZero();
        // the same bare request from alice herself does cancel: it was the missing token that stopped it
        HttpCall.Response own = HttpCall.post(port, path).bearer(tokens.customer(alice)).send();
        assertThat(own.status()).as(own.body()).isEqualTo(200);
        assertThat(status(orderId)).isEqualTo("CANCELED");
    }

    private String place(long customer) {
        HttpCall.Response response = HttpCall.post(port, "/api/orders").bearer(tokens.customer(customer))
                .json("{\"skuId\":7007,\"quantity\":1}").send();
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("orderId").asString();
    }

    private JsonNode list(String token, String query) {
        HttpCall.Response response = HttpCall.get(port, "/api/orders" + query).bearer(token).send();
        assertThat(response.status()).as(query + ": " + response.body()).isEqualTo(200);
        return response.json();
    }

    private HttpCall asReconcile(HttpCall call) {
        return call.bearer(tokens.reconcile());
    }

    private static void assertForbidden(HttpCall.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(403);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().get("type").asString()).isEqualTo("urn:eventual:problem:forbidden");
    }

    private String status(String orderId) {
        return jdbc.queryForObject("SELECT status FROM t_order WHERE order_id = ?", String.class, Long.parseLong(orderId));
    }

    /** The reason the committed ORDER_CANCELED event carries, as recorded with it. */
    private String canceledReason(String orderId) {
        String payload = jdbc.queryForObject("SELECT payload FROM message_log WHERE order_id = ? AND event_type = 'ORDER_CANCELED'",
                String.class, Long.parseLong(orderId));
        return OrderEvents.fromBytes(payload.getBytes(StandardCharsets.UTF_8), OrderCanceledEvent.class).reason();
    }

    private List<byte[]> canceledEvents(String orderId) {
        return observer.receivedWithKey(orderId).stream()
                .filter(m -> OrderEventType.ORDER_CANCELED.tag().equals(m.getTags())).map(m -> m.getBody()).toList();
    }
}
