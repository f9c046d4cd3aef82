package dev.eventual.order.api;

import dev.eventual.common.api.TextLimits;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.order.support.OrderServiceIT;
import dev.eventual.order.support.OrderTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Bad input gets a 4xx problem naming what is wrong, and writes nothing. Unless a case says otherwise it
 * is sent as customer {@value #CUSTOMER}, whose own id the bodies carry, so it gets past authentication
 * and the role check and reaches validation; the authentication cases send no token, another role's,
 * or a body naming another customer.
 */
@OrderServiceIT
class OrderApiBadInputIT {

    private static final String JSON = "application/json";
    private static final long CUSTOMER = 1;

    /** Who sends a case. */
    enum As { CUSTOMER, OPERATOR, ADMIN, PAYMENT, OLD_SERVICE_HEADER, NOBODY, FORGED }

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    static Stream<Arguments> badRequests() {
        List<Arguments> cases = new ArrayList<>();
        // body fields: missing, null, out of range, wrong type, overflow. A missing or null userId is no
        // longer bad input: the order is the signed-in customer's and userId is optional (OrderAccessIT)
        cases.add(order("missing skuId", "{\"userId\":1,\"quantity\":1}", 400, "skuId"));
        cases.add(order("null skuId", "{\"userId\":1,\"skuId\":null,\"quantity\":1}", 400, "skuId"));
        cases.add(order("missing quantity", "{\"userId\":1,\"skuId\":1}", 400, "quantity"));
        cases.add(order("null quantity", "{\"userId\":1,\"skuId\":1,\"quantity\":null}", 400, "quantity"));
        cases.add(order("zero quantity", "{\"userId\":1,\"skuId\":1,\"quantity\":0}", 400, "quantity"));
        cases.add(order("negative quantity", "{\"userId\":1,\"skuId\":1,\"quantity\":-1}", 400, "quantity"));
        cases.add(order("quantity above the maximum", "{\"userId\":1,\"skuId\":1,\"quantity\":1001}", 400, "quantity"));
        cases.add(order("quantity overflowing int", "{\"userId\":1,\"skuId\":1,\"quantity\":2147483648}", 400, "quantity"));
        cases.add(order("fractional quantity", "{\"userId\":1,\"skuId\":1,\"quantity\":1.5}", 400, "quantity"));
        cases.add(order("text quantity", "{\"userId\":1,\"skuId\":1,\"quantity\":\"three\"}", 400, "quantity"));
        cases.add(order("text userId", "{\"userId\":\"abc\",\"skuId\":1,\"quantity\":1}", 400, "userId"));
        cases.add(order("zero userId", "{\"userId\":0,\"skuId\":1,\"quantity\":1}", 400, "userId"));
        cases.add(order("negative userId", "{\"userId\":-5,\"skuId\":1,\"quantity\":1}", 400, "userId"));
        cases.add(order("userId overflowing long", "{\"userId\":9223372036854775808,\"skuId\":1,\"quantity\":1}", 400, "userId"));
        cases.add(order("huge exponent skuId", "{\"userId\":1,\"skuId\":1e30,\"quantity\":1}", 400, "skuId"));
        cases.add(order("boolean userId", "{\"userId\":true,\"skuId\":1,\"quantity\":1}", 400, "userId"));
        cases.add(order("object userId", "{\"userId\":{},\"skuId\":1,\"quantity\":1}", 400, "userId"));
        cases.add(order("array userId", "{\"userId\":[1],\"skuId\":1,\"quantity\":1}", 400, "userId"));
        cases.add(order("SQL in userId", "{\"userId\":\"1; DROP TABLE t_order\",\"skuId\":1,\"quantity\":1}", 400, "userId"));
        cases.add(order("unicode digits in skuId", "{\"userId\":1,\"skuId\":\"١٢٣\",\"quantity\":1}", 400, "skuId"));
        cases.add(order("unicode digits in quantity", "{\"userId\":1,\"skuId\":1,\"quantity\":\"٣\"}", 400, "quantity"));
        cases.add(order("quantity as a string", "{\"userId\":1,\"skuId\":1,\"quantity\":\"3\"}", 400, "quantity"));
        cases.add(order("skuId with leading zeros", "{\"userId\":1,\"skuId\":\"007\",\"quantity\":1}", 400, "skuId"));
        // fields the API does not know: refused, never ignored
        cases.add(order("unknown field", "{\"userId\":1,\"skuId\":1,\"quantity\":1,\"couponCode\":\"X\"}", 400, "couponCode"));
        cases.add(order("misspelt quantity", "{\"userId\":1,\"skuId\":1,\"quantitiy\":2}", 400, "quantitiy"));
        // body shape
        cases.add(order("truncated JSON", "{\"userId\":1,", 400, null));
        cases.add(order("empty body", "", 400, null));
        cases.add(order("array body", "[]", 400, null));
        cases.add(order("string body", "\"order\"", 400, null));
        cases.add(order("not JSON at all", "userId=1&skuId=1&quantity=1", 400, null));
        cases.add(request("text/plain content type", "POST", "/api/orders", "text/plain", null,
                "{\"userId\":1,\"skuId\":1,\"quantity\":1}", 415, null));
        cases.add(request("XML content type", "POST", "/api/orders", "application/xml", null,
                "<order/>", 415, null));
        cases.add(request("no content type", "POST", "/api/orders", null, null,
                "{\"userId\":1,\"skuId\":1,\"quantity\":1}", 415, null));
        cases.add(request("oversized body", "POST", "/api/orders", JSON, null,
                "{\"userId\":1,\"skuId\":1,\"quantity\":1" + " ".repeat(20_000) + "}", 413, null));
        // idempotency key
        cases.add(request("Idempotency-Key too long", "POST", "/api/orders", JSON, "k".repeat(65),
                "{\"userId\":1,\"skuId\":1,\"quantity\":1}", 400, "Idempotency-Key"));
        cases.add(request("Idempotency-Key with spaces", "POST", "/api/orders", JSON, "a b",
                "{\"userId\":1,\"skuId\":1,\"quantity\":1}", 400, "Idempotency-Key"));
        cases.add(request("body key differs from header", "POST", "/api/orders", JSON, "header-key",
                "{\"userId\":1,\"skuId\":1,\"quantity\":1,\"idempotencyKey\":\"body-key\"}", 400, "idempotencyKey"));
        cases.add(order("empty body key", "{\"userId\":1,\"skuId\":1,\"quantity\":1,\"idempotencyKey\":\"\"}", 400, "idempotencyKey"));
        // order ids in paths and query parameters
        cases.add(get("text order id", "/api/orders/abc", 400, "orderId"));
        cases.add(get("negative order id", "/api/orders/-1", 400, "orderId"));
        cases.add(get("zero order id", "/api/orders/0", 400, "orderId"));
        cases.add(get("order id overflowing long", "/api/orders/99999999999999999999", 400, "orderId"));
        cases.add(get("order id with exponent", "/api/orders/1e5", 400, "orderId"));
        cases.add(get("order id with a leading zero", "/api/orders/0123", 400, "orderId"));
        cases.add(get("unknown order", "/api/orders/123", 404, null));
        cases.add(get("page size zero", "/api/orders?size=0", 400, "size"));
        cases.add(get("page size too large", "/api/orders?size=101", 400, "size"));
        cases.add(get("negative page", "/api/orders?page=-1", 400, "page"));
        cases.add(get("unknown status filter", "/api/orders?status=BOGUS", 400, "status"));
        cases.add(get("text userId filter", "/api/orders?userId=x", 400, "userId"));
        cases.add(request("cancel text order id", "POST", "/api/orders/abc/cancel", null, null, null, 400, "orderId"));
        cases.add(request("cancel unknown order", "POST", "/api/orders/777/cancel", null, null, null, 404, null));
        cases.add(request("cancel reason too long", "POST", "/api/orders/777/cancel", JSON, null,
                "{\"reason\":\"" + "x".repeat(TextLimits.CANCEL_REASON + 1) + "\"}", 400, "reason"));
        cases.add(request("cancel with an unknown field", "POST", "/api/orders/777/cancel", JSON, null,
                "{\"reason\":\"r\",\"refund\":true}", 400, "refund"));
        // a signed-in caller learns the method is wrong (Spring MVC's 405); anyone else only that a token is needed
        cases.add(request("unsupported method", "PUT", "/api/orders", JSON, null, "{}", 405, null));
        cases.add(request(As.NOBODY, "unsupported method without a token", "PUT", "/api/orders", JSON, null, "{}", 401, null));
        // authentication and roles (issue 26): refused before the body is read, so nothing about it is told
        String valid = "{\"userId\":" + CUSTOMER + ",\"skuId\":1,\"quantity\":1}";
        cases.add(request(As.NOBODY, "no token placing an order", "POST", "/api/orders", JSON, null, valid, 401, null));
        cases.add(request(As.NOBODY, "no token placing a bad order", "POST", "/api/orders", JSON, null,
                "{\"userId\":0,\"skuId\":1,\"quantity\":0}", 401, null));
        cases.add(request(As.FORGED, "a token the auth server never signed", "POST", "/api/orders", JSON, null, valid, 401, null));
        cases.add(request(As.OLD_SERVICE_HEADER, "the old service token placing an order", "POST", "/api/orders", JSON, null, valid,
                401, null));
        cases.add(request(As.PAYMENT, "the payment provider placing an order", "POST", "/api/orders", JSON, null, valid, 403, null));
        cases.add(request(As.OPERATOR, "operator placing an order", "POST", "/api/orders", JSON, null, valid, 403, null));
        cases.add(request(As.ADMIN, "admin placing an order", "POST", "/api/orders", JSON, null, valid, 403, null));
        cases.add(request(As.OPERATOR, "operator placing a bad order", "POST", "/api/orders", JSON, null,
                "{\"userId\":0,\"skuId\":1,\"quantity\":0}", 403, null));
        cases.add(order("body userId of another customer", "{\"userId\":" + (CUSTOMER + 1) + ",\"skuId\":1,\"quantity\":1}",
                403, null));
        cases.add(order("body userId of another customer, as a string",
                "{\"userId\":\"" + (CUSTOMER + 1) + "\",\"skuId\":1,\"quantity\":1}", 403, null));
        cases.add(request(As.NOBODY, "no token reading an order", "GET", "/api/orders/123", null, null, null, 401, null));
        cases.add(request(As.NOBODY, "no token listing orders", "GET", "/api/orders", null, null, null, 401, null));
        cases.add(get("customer listing another's orders", "/api/orders?userId=" + (CUSTOMER + 1), 403, null));
        cases.add(request(As.NOBODY, "no token canceling", "POST", "/api/orders/777/cancel", null, null, null, 401, null));
        cases.add(request(As.OPERATOR, "operator canceling", "POST", "/api/orders/777/cancel", null, null, null, 403, null));
        cases.add(request(As.CUSTOMER, "customer paying", "POST", "/api/orders/777/pay", JSON, null,
                "{\"paymentId\":\"p-1\"}", 403, null));
        cases.add(request(As.ADMIN, "admin paying", "POST", "/api/orders/777/pay", JSON, null,
                "{\"paymentId\":\"p-1\"}", 403, null));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} -> {6}")
    @MethodSource("badRequests")
    void isRefusedWithAProblemAndWritesNothing(String name, String method, String path, String contentType,
                                               String idempotencyKey, String body, int status, String field, As as) {
        String token = switch (as) {
            case CUSTOMER -> tokens.customer(CUSTOMER);
            case OPERATOR -> tokens.operator();
            case ADMIN -> tokens.admin();
            case PAYMENT -> tokens.payment();
            case OLD_SERVICE_HEADER, NOBODY -> null;
            case FORGED -> tampered(tokens.customer(CUSTOMER));
        };
        OrderTables before = OrderTables.count(jdbc);

        HttpCall call = "GET".equals(method) ? HttpCall.get(port, path) : HttpCall.post(port, path);
        if ("PUT".equals(method)) {
            call = HttpCall.put(port, path);
        }
        if (token != null) {
            call.bearer(token);
        }
        if (as == As.OLD_SERVICE_HEADER) {
            call.header("X-Eventual-Service-Token", "test-service-token-not-for-production");
        }
        if (contentType != null) {
            call.header("Content-Type", contentType);
        }
        if (idempotencyKey != null) {
            call.header("Idempotency-Key", idempotencyKey);
        }
        if (body != null) {
            call.body(body.getBytes(StandardCharsets.UTF_8));
        }
        HttpCall.Response response = call.send();

        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        JsonNode problem = response.json();
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        assertThat(problem.get("type")).as(response.body()).isNotNull();
        assertThat(problem.get("type").asString()).startsWith("urn:eventual:problem:");
        assertThat(problem.get("detail").asString()).isNotBlank();
        if (field != null) {
            assertThat(problem.get("invalidParams").findValuesAsString("name")).as(response.body()).contains(field);
        }
        if (status == 401) {
            assertThat(problem.get("type").asString()).isEqualTo("urn:eventual:problem:unauthorized");
            assertThat(response.header("WWW-Authenticate")).as("RFC 6750 challenge").startsWith("Bearer");
        } else if (status == 403) {
            assertThat(problem.get("type").asString()).isEqualTo("urn:eventual:problem:forbidden");
        } else {
            // every other case was let in and refused for its input
            assertThat(problem.get("type").asString()).isNotIn("urn:eventual:problem:unauthorized",
                    "urn:eventual:problem:forbidden");
        }
        assertThat(OrderTables.count(jdbc)).isEqualTo(before);
    }

    /**
     * The 403 for a body naming another customer is decided after the body was read: nothing is written
     * for either customer, not even under the idempotency key, which the signed-in customer can still use.
     */
    @Test
    void aBodyUserIdOfAnotherCustomerPlacesNothingForEither() {
        long alice = ThreadLocalRandom.current().nextLong(1_000_000, Long.MAX_VALUE / 2);
        long bob = alice + 1;
        String key = "not-for-bob-" + alice;
        OrderTables before = OrderTables.count(jdbc);

        HttpCall.Response refused = HttpCall.post(port, "/api/orders").bearer(tokens.customer(alice)).header("Idempotency-Key", key)
                .json("{\"userId\":" + bob + ",\"skuId\":3,\"quantity\":1}").send();

        assertThat(refused.status()).as(refused.body()).isEqualTo(403);
        assertThat(refused.json().get("type").asString()).isEqualTo("urn:eventual:problem:forbidden");
        assertThat(refused.json().get("detail").asString()).contains("userId " + bob).contains(Long.toString(alice));
        assertThat(OrderTables.count(jdbc)).isEqualTo(before);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM t_order WHERE user_id IN (?, ?)", Long.class, alice, bob))
                .isZero();
        // the key was not taken: alice's own order under it is a new one (201, not a replay or a 422)
        HttpCall.Response own = HttpCall.post(port, "/api/orders").bearer(tokens.customer(alice)).header("Idempotency-Key", key)
                .json("{\"userId\":" + alice + ",\"skuId\":3,\"quantity\":1}").send();
        assertThat(own.status()).as(own.body()).isEqualTo(201);
        assertThat(own.json().get("userId").asString()).isEqualTo(Long.toString(alice));
    }

    private static Arguments order(String name, String body, int status, String field) {
        return request(name, "POST", "/api/orders", JSON, null, body, status, field);
    }

    private static Arguments get(String name, String path, int status, String field) {
        return request(name, "GET", path, null, null, null, status, field);
    }

    private static Arguments request(String name, String method, String path, String contentType, String idempotencyKey,
                                     String body, int status, String field) {
        return request(As.CUSTOMER, name, method, path, contentType, idempotencyKey, body, status, field);
    }

    private static Arguments request(As as, String name, String method, String path, String contentType,
                                     String idempotencyKey, String body, int status, String field) {
        return arguments(name, method, path, contentType, idempotencyKey, body, status, field, as);
    }

    /**
     * The token with one character early in its signature replaced: well formed, not signed by the
     * server (not the last character, whose low bits may be padding a decoder ignores).
     */
    private static String tampered(String token) {
        int at = token.lastIndexOf('.') + 10;
        return token.substring(0, at) + (token.charAt(at) == 'A' ? 'B' : 'A') + token.substring(at + 1);
    }
}
