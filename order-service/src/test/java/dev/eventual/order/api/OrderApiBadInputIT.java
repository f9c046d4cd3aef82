package dev.eventual.order.api;

import dev.eventual.infra.test.HttpCall;
import dev.eventual.order.support.OrderServiceIT;
import dev.eventual.order.support.OrderTables;
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
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Bad input gets a 4xx problem naming what is wrong, and writes nothing. */
@OrderServiceIT
class OrderApiBadInputIT {

    private static final String JSON = "application/json";

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    static Stream<Arguments> badRequests() {
        List<Arguments> cases = new ArrayList<>();
        // body fields: missing, null, out of range, wrong type, overflow
        cases.add(order("missing userId", "{\"skuId\":1,\"quantity\":1}", 400, "userId"));
        cases.add(order("null userId", "{\"userId\":null,\"skuId\":1,\"quantity\":1}", 400, "userId"));
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
        cases.add(arguments("text/plain content type", "POST", "/api/orders", "text/plain", null,
                "{\"userId\":1,\"skuId\":1,\"quantity\":1}", 415, null));
        cases.add(arguments("XML content type", "POST", "/api/orders", "application/xml", null,
                "<order/>", 415, null));
        cases.add(arguments("no content type", "POST", "/api/orders", null, null,
                "{\"userId\":1,\"skuId\":1,\"quantity\":1}", 415, null));
        cases.add(arguments("oversized body", "POST", "/api/orders", JSON, null,
                "{\"userId\":1,\"skuId\":1,\"quantity\":1" + " ".repeat(20_000) + "}", 413, null));
        // idempotency key
        cases.add(arguments("Idempotency-Key too long", "POST", "/api/orders", JSON, "k".repeat(65),
                "{\"userId\":1,\"skuId\":1,\"quantity\":1}", 400, "Idempotency-Key"));
        cases.add(arguments("Idempotency-Key with spaces", "POST", "/api/orders", JSON, "a b",
                "{\"userId\":1,\"skuId\":1,\"quantity\":1}", 400, "Idempotency-Key"));
        cases.add(arguments("body key differs from header", "POST", "/api/orders", JSON, "header-key",
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
        cases.add(arguments("cancel text order id", "POST", "/api/orders/abc/cancel", null, null, null, 400, "orderId"));
        cases.add(arguments("cancel unknown order", "POST", "/api/orders/777/cancel", null, null, null, 404, null));
        cases.add(arguments("cancel reason too long", "POST", "/api/orders/777/cancel", JSON, null,
                "{\"reason\":\"" + "x".repeat(201) + "\"}", 400, "reason"));
        cases.add(arguments("cancel with an unknown field", "POST", "/api/orders/777/cancel", JSON, null,
                "{\"reason\":\"r\",\"refund\":true}", 400, "refund"));
        cases.add(arguments("unsupported method", "PUT", "/api/orders", JSON, null, "{}", 405, null));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} -> {6}")
    @MethodSource("badRequests")
    void isRefusedWithAProblemAndWritesNothing(String name, String method, String path, String contentType,
                                               String idempotencyKey, String body, int status, String field) {
        OrderTables before = OrderTables.count(jdbc);

        HttpCall call = "GET".equals(method) ? HttpCall.get(port, path) : HttpCall.post(port, path);
        if ("PUT".equals(method)) {
            call = HttpCall.put(port, path);
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
        assertThat(OrderTables.count(jdbc)).isEqualTo(before);
    }

    private static Arguments order(String name, String body, int status, String field) {
        return arguments(name, "POST", "/api/orders", JSON, null, body, status, field);
    }

    private static Arguments get(String name, String path, int status, String field) {
        return arguments(name, "GET", path, null, null, null, status, field);
    }
}
