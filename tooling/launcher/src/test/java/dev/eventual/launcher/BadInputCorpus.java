package dev.eventual.launcher;

import dev.eventual.common.api.CleanupRequest;
import dev.eventual.common.api.TextLimits;
import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.common.messaging.InternalAuth;
import dev.eventual.launcher.BadInput.Forgery;
import dev.eventual.launcher.BadInput.Identity;
import dev.eventual.launcher.BadInput.Service;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.zip.GZIPOutputStream;

import static dev.eventual.launcher.BadInput.Identity.ADMIN;
import static dev.eventual.launcher.BadInput.Identity.CUSTOMER;
import static dev.eventual.launcher.BadInput.Identity.NONE;
import static dev.eventual.launcher.BadInput.Identity.OPERATOR;
import static dev.eventual.launcher.BadInput.Identity.INVENTORY_SERVICE;
import static dev.eventual.launcher.BadInput.Identity.PAYMENT_PROVIDER;
import static dev.eventual.launcher.BadInput.Identity.RECONCILE_JOB;
import static dev.eventual.launcher.BadInput.Service.INVENTORY;
import static dev.eventual.launcher.BadInput.Service.NOTICE;
import static dev.eventual.launcher.BadInput.Service.ORDER;
import static dev.eventual.launcher.BadInput.Service.RECONCILE;

/**
 * The bad-input corpus: every public and internal endpoint of the four services (and the actuator),
 * each request wrong in one way, with the refusal the design asks for. Each is sent as a caller the
 * endpoint lets through ({@link Identity}: a customer, the operator or the admin with a real token of
 * the suite, or a service's own client with its real token), so that what is wrong is the input, unless the caller or its
 * credential is what is wrong: missing or forged tokens, roles an act does not allow, another
 * customer's order, what a foreign web page can send (docs/security.md). Ids that must not exist are
 * far outside what the suite creates (snowflake order ids have 18 digits and test-inserted ones 13,
 * work order ids count from 1, SKUs in use are 1001-1005, 70000-70049 and 90000), so a 404 is never
 * a lucky hit and a request that wrongly passes validation cannot touch another test's data; the
 * cases about callers aim at the corpus' own SKU and order on purpose, so that one wrongly let through
 * writes, which the IT sees.
 */
final class BadInputCorpus {

    static final String UNKNOWN_ORDER = "4242";
    static final String UNKNOWN_SKU = "424242";
    static final String UNKNOWN_WORK_ORDER = "999999999999";
    /** The SKU of the one valid order placed after the corpus (the corpus' own, untouched by other tests). */
    static final long CORPUS_SKU = 90_000;
    /** The customer whose real order the corpus' other callers try to read, cancel and pay (its own id). */
    static final long ORDER_OWNER = 90_000;
    /** Stands in a path for the id of {@link #ORDER_OWNER}'s order, which the IT places before the corpus. */
    static final String ANOTHERS_ORDER = "{order-of-customer-" + ORDER_OWNER + "}";

    private static final String JSON = "application/json";
    /** The shared service token of before (issue 40): the header opens nothing anywhere now. */
    private static final String OLD_SERVICE_HEADER = "X-Eventual-Service-Token";
    private static final String OVERSIZED = "{\"pad\":\"" + "x".repeat(20_000) + "\"}";
    /** Above the internal endpoints' larger limit (eventual.web.max-internal-request-body, 512KB). */
    private static final String INTERNAL_OVERSIZED = "{\"pad\":\"" + "x".repeat(600_000) + "\"}";
    private static final String ABOVE_LONG = "9223372036854775808";
    private static final String FAR_ABOVE_LONG = "99999999999999999999";
    private static final String OUT_OF_DOUBLE = "1e309";
    private static final String EMOJI = "\uD83D\uDE00";
    private static final String ARABIC_DIGITS = "\u0661\u0662\u0663";
    private static final String SQL = "1' OR '1'='1";
    private static final String SCRIPT = "<script>alert(1)</script>";

    private BadInputCorpus() {
    }

    static List<BadInput> cases() {
        List<BadInput> cases = new ArrayList<>();
        placeOrder(cases);
        readOrder(cases);
        listOrders(cases);
        cancelOrder(cases);
        reportConsumerOutcomes(cases);
        readStock(cases);
        setStock(cases);
        seedGate(cases);
        batchStatus(cases, new Endpoint(INVENTORY, "POST", "/internal/inventory/status", null, RECONCILE_JOB));
        batchStatus(cases, new Endpoint(NOTICE, "POST", "/internal/notices/status", null, RECONCILE_JOB));
        inventoryRedrive(cases);
        noticeRedrive(cases);
        cleanup(cases, new Endpoint(INVENTORY, "POST", "/internal/inventory/cleanup", null, RECONCILE_JOB));
        cleanup(cases, new Endpoint(NOTICE, "POST", "/internal/notices/cleanup", null, RECONCILE_JOB));
        listWorkOrders(cases);
        readWorkOrder(cases);
        resolveWorkOrder(cases);
        bulkWorkOrders(cases);
        actuatorAndUnknownPaths(cases);
        bearerTokens(cases);
        roles(cases);
        anotherCustomersOrder(cases);
        foreignPages(cases);
        return cases;
    }

    private static void placeOrder(List<BadInput> cases) {
        Endpoint e = new Endpoint(ORDER, "POST", "/api/orders", null, CUSTOMER);
        // malformed and truncated JSON
        cases.add(e.json("truncated JSON", "{\"userId\":1,\"skuId\":").malformed());
        cases.add(e.json("single-quoted JSON", "{'userId':1,'skuId':1,'quantity':1}").malformed());
        cases.add(e.json("trailing comma", "{\"userId\":1,\"skuId\":1,\"quantity\":1,}").malformed());
        cases.add(e.json("comment in JSON", "{\"userId\":1,/* c */\"skuId\":1,\"quantity\":1}").malformed());
        cases.add(e.json("two JSON documents", order("1", "1", "1") + order("1", "1", "1")).malformed());
        cases.add(e.json("JSON null body", "null").malformed());
        cases.add(e.json("string body", "\"order\"").malformed());
        cases.add(e.json("array instead of object", "[" + order("1", "1", "1") + "]").malformed());
        cases.add(e.json("empty body", "").malformed());
        // userId may be left out (the order is the signed-in customer's): skuId and quantity may not
        cases.add(e.json("empty object", "{}").invalid("skuId"));
        cases.add(e.json("quantity with a leading zero", order("1", "1", "01")).malformed());
        cases.add(e.json("NaN quantity", order("1", "1", "NaN")).malformed());
        cases.add(e.json("3,000 nested arrays", "[".repeat(3000)).malformed());
        cases.add(e.json("duplicated key quantity (0 then 1)", "{\"userId\":1,\"skuId\":1,\"quantity\":0,\"quantity\":1}").malformed());
        cases.add(e.json("duplicated key userId", "{\"userId\":1,\"skuId\":1,\"quantity\":1,\"userId\":2}").malformed());
        // fields the API does not know are refused, not ignored: a typo must not silently lose a value
        cases.add(e.json("unknown field price", "{\"userId\":1,\"skuId\":1,\"quantity\":1,\"price\":5}").invalid("price"));
        cases.add(e.json("snake_case idempotency_key", "{\"userId\":1,\"skuId\":1,\"quantity\":1,\"idempotency_key\":\"k1\"}")
                .invalid("idempotency_key"));
        cases.add(e.json("wrong-case Quantity beside quantity", "{\"userId\":1,\"skuId\":1,\"quantity\":1,\"Quantity\":2}")
                .invalid("Quantity"));
        cases.add(e.json("unknown field holding an object", "{\"userId\":1,\"skuId\":1,\"quantity\":1,\"meta\":{\"a\":1}}")
                .invalid("meta"));
        cases.add(e.json("userId with a leading zero", order(q("01"), "1", "1")).invalid("userId"));
        // type confusion and numbers out of range
        cases.add(e.json("text quantity", order("1", "1", q("three"))).invalid("quantity"));
        cases.add(e.json("numeric string quantity", order("1", "1", q("3"))).invalid("quantity"));
        cases.add(e.json("boolean quantity", order("1", "1", "true")).invalid("quantity"));
        cases.add(e.json("array quantity", order("1", "1", "[1]")).invalid("quantity"));
        cases.add(e.json("object quantity", order("1", "1", "{\"value\":1}")).invalid("quantity"));
        cases.add(e.json("quantity 1e309", order("1", "1", OUT_OF_DOUBLE)).invalid("quantity"));
        cases.add(e.json("quantity beyond long", order("1", "1", FAR_ABOVE_LONG)).invalid("quantity"));
        cases.add(e.json("quantity of 1,500 digits", order("1", "1", "1" + "0".repeat(1500))).malformed());
        cases.add(e.json("negative quantity", order("1", "1", "-1")).invalid("quantity"));
        cases.add(e.json("zero quantity", order("1", "1", "0")).invalid("quantity"));
        cases.add(e.json("quantity -0", order("1", "1", "-0")).invalid("quantity"));
        cases.add(e.json("fractional quantity", order("1", "1", "1.5")).invalid("quantity"));
        cases.add(e.json("userId beyond long", order(ABOVE_LONG, "1", "1")).invalid("userId"));
        cases.add(e.json("userId 1e309", order(OUT_OF_DOUBLE, "1", "1")).invalid("userId"));
        cases.add(e.json("boolean userId", order("true", "1", "1")).invalid("userId"));
        cases.add(e.json("array userId", order("[1]", "1", "1")).invalid("userId"));
        cases.add(e.json("negative skuId", order("1", "-7", "1")).invalid("skuId"));
        // unicode and injection in every string field
        cases.add(e.json("emoji userId", order(q(EMOJI), "1", "1")).invalid("userId"));
        cases.add(e.json("Arabic-Indic digits as userId", order(q(ARABIC_DIGITS), "1", "1")).invalid("userId"));
        cases.add(e.json("NUL in userId", order(q("1\\u0000"), "1", "1")).invalid("userId"));
        cases.add(e.json("lone surrogate userId", order(q("\\ud800"), "1", "1")).invalid("userId"));
        cases.add(e.json("RTL override in userId", order(q("\\u202e1"), "1", "1")).invalid("userId"));
        cases.add(e.json("SQL in userId", order(q(SQL), "1", "1")).invalid("userId"));
        cases.add(e.json("SQL in skuId", order("1", q("1; DROP TABLE inventory"), "1")).invalid("skuId"));
        cases.add(e.json("script in skuId", order("1", q(SCRIPT), "1")).invalid("skuId"));
        cases.add(e.json("SQL in idempotencyKey", withKey(q("'; DROP TABLE t_order; --"))).invalid("idempotencyKey"));
        cases.add(e.json("emoji in idempotencyKey", withKey(q("key" + EMOJI))).invalid("idempotencyKey"));
        cases.add(e.json("NUL in idempotencyKey", withKey(q("key\\u0000"))).invalid("idempotencyKey"));
        cases.add(e.json("Latin-1 Idempotency-Key header", order("1", "1", "1"))
                .header("Idempotency-Key", "k\u00e9y").invalid("Idempotency-Key"));
        cases.add(e.json("script in Idempotency-Key header", order("1", "1", "1"))
                .header("Idempotency-Key", SCRIPT).invalid("Idempotency-Key"));
        cases.add(e.draft("raw invalid UTF-8 in userId").body(JSON, bytes("{\"userId\":\"", new byte[]{(byte) 0xff, (byte) 0xfe},
                "\",\"skuId\":1,\"quantity\":1}")).invalid("userId"));
        cases.add(e.draft("raw unescaped NUL in userId").body(JSON, bytes("{\"userId\":\"1", new byte[]{0},
                "\",\"skuId\":1,\"quantity\":1}")).invalid("userId"));
        // transport: content types, size, method, negotiation
        cases.add(e.draft("text/plain body").body("text/plain", order("1", "1", "1")).refused(415));
        cases.add(e.draft("form body").body("application/x-www-form-urlencoded", "userId=1&skuId=1&quantity=1").refused(415));
        cases.add(e.draft("XML body").body("application/xml", "<order><userId>1</userId></order>").refused(415));
        cases.add(e.draft("YAML body").body("application/yaml", "userId: 1\nskuId: 1\nquantity: 1\n").refused(415));
        cases.add(e.draft("multipart body").body("multipart/form-data; boundary=b",
                "--b\r\nContent-Disposition: form-data; name=\"userId\"\r\n\r\n1\r\n--b--\r\n").refused(415));
        cases.add(e.draft("unparseable Content-Type").body("json", order("1", "1", "1")).refused(415));
        cases.add(e.draft("JSON without Content-Type").body(null, order("1", "1", "1")).refused(415));
        contentEncodings(cases, e, order("1", "1", "1"));
        cases.add(e.draft("gzip-compressed body, declared").body(JSON, gzip(order("1", "1", "1")))
                .header("Content-Encoding", "gzip").unsupportedEncoding());
        cases.add(e.json("20 KB body", OVERSIZED).refused(413));
        cases.add(e.json("20 KB chunked body", OVERSIZED).chunked().refused(413));
        cases.add(e.json("Accept: application/xml only", order("1", "1", "1")).header("Accept", "application/xml").refused(406));
        cases.add(e.json("PUT instead of POST", order("1", "1", "1")).method("PUT").refused(405));
        cases.add(e.draft("DELETE").method("DELETE").refused(405));
        cases.add(e.draft("TRACE").method("TRACE").refused(405));
    }

    private static void readOrder(List<BadInput> cases) {
        Endpoint e = new Endpoint(ORDER, "GET", "/api/orders/{orderId}", "/api/orders/" + UNKNOWN_ORDER, CUSTOMER);
        pathIds(cases, e, "/api/orders/", "orderId");
        cases.add(e.draft("encoded slash in id").path("/api/orders/1%2F2").refusedByContainer());
        cases.add(e.draft("NUL in id").path("/api/orders/1%00").refusedByContainer());
        cases.add(e.draft("path traversal").path("/api/orders/..%2F..%2Fetc%2Fpasswd").refusedByContainer());
        cases.add(e.draft("unknown order").refused(404));
        cases.add(e.draft("DELETE").method("DELETE").refused(405));
        cases.add(e.draft("PATCH").method("PATCH").body(JSON, "{}").refused(405));
        cases.add(e.draft("20 KB body on a GET").body(JSON, OVERSIZED).refused(413));
    }

    private static void listOrders(List<BadInput> cases) {
        Endpoint e = new Endpoint(ORDER, "GET", "/api/orders", null, OPERATOR);
        cases.add(e.query("size zero", "size=0").invalid("size"));
        cases.add(e.query("size above 100", "size=101").invalid("size"));
        cases.add(e.query("text size", "size=abc").invalid("size"));
        cases.add(e.query("size 1e309", "size=1e309").invalid("size"));
        cases.add(e.query("negative page", "page=-1").invalid("page"));
        cases.add(e.query("page beyond int", "page=99999999999").invalid("page"));
        cases.add(e.query("page above the maximum", "page=100001").invalid("page"));
        cases.add(e.query("unknown status", "status=BOGUS").invalid("status"));
        cases.add(e.query("lower-case status", "status=created").invalid("status"));
        cases.add(e.query("SQL in status", "status=CREATED%27%20OR%20%271%27%3D%271").invalid("status"));
        cases.add(e.query("text userId", "userId=abc").invalid("userId"));
        cases.add(e.query("SQL in userId", "userId=1%20UNION%20SELECT%20*%20FROM%20t_order").invalid("userId"));
        cases.add(e.query("zero userId", "userId=0").invalid("userId"));
        cases.add(e.query("empty userId", "userId=").invalid("userId"));
        cases.add(e.query("userId given twice", "userId=1&userId=2").invalid("userId"));
        cases.add(e.query("emoji userId", "userId=%F0%9F%98%80").invalid("userId"));
    }

    private static void cancelOrder(List<BadInput> cases) {
        Endpoint e = new Endpoint(ORDER, "POST", "/api/orders/{orderId}/cancel", "/api/orders/" + UNKNOWN_ORDER + "/cancel", CUSTOMER);
        cases.add(e.draft("text id").path("/api/orders/abc/cancel").invalid("orderId"));
        cases.add(e.draft("id beyond long").path("/api/orders/" + FAR_ABOVE_LONG + "/cancel").invalid("orderId"));
        cases.add(e.draft("zero id").path("/api/orders/0/cancel").invalid("orderId"));
        cases.add(e.draft("emoji id").path("/api/orders/%F0%9F%98%80/cancel").invalid("orderId"));
        cases.add(e.draft("unknown order, no body").refused(404));
        cases.add(e.json("unknown order, script in reason", reason(q(SCRIPT))).refused(404));
        cases.add(e.json("unknown order, SQL in reason", reason(q("'; DELETE FROM t_order; --"))).refused(404));
        cases.add(e.json("unknown order, NUL and lone surrogate in reason", reason(q("\\u0000\\udc00"))).refused(404));
        cases.add(e.json("reason of 1,501 characters", reason(q("x".repeat(TextLimits.CANCEL_REASON + 1)))).invalid("reason"));
        cases.add(e.json("array reason", reason("[\"a\"]")).invalid("reason"));
        cases.add(e.json("object reason", reason("{}")).invalid("reason"));
        cases.add(e.json("truncated JSON", "{\"reason\":").malformed());
        cases.add(e.json("duplicated key reason", "{\"reason\":\"a\",\"reason\":\"b\"}").malformed());
        cases.add(e.json("unknown order, unknown field refund", "{\"reason\":\"a\",\"refund\":true}").invalid("refund"));
        cases.add(e.json("unknown order, Content-Encoding: gzip", reason(q("a"))).header("Content-Encoding", "gzip")
                .unsupportedEncoding());
        cases.add(e.draft("text/plain body").body("text/plain", "changed my mind").refused(415));
        cases.add(e.draft("YAML body").body("application/yaml", "reason: x\n").refused(415));
        cases.add(e.json("20 KB body", OVERSIZED).refused(413));
        cases.add(e.json("20 KB chunked body", OVERSIZED).chunked().refused(413));
        cases.add(e.draft("GET").method("GET").refused(405));
        cases.add(e.draft("PUT").method("PUT").refused(405));
    }

    private static void reportConsumerOutcomes(List<BadInput> cases) {
        Endpoint e = new Endpoint(ORDER, "POST", "/internal/orders/consumer-reports", null, INVENTORY_SERVICE);
        String group = q("eventual-inventory-consumer");
        String valid = reports(group, outcome(q(UNKNOWN_ORDER), q("ORDER_CREATED"), q("SUCCESS")));
        tokens(cases, e, valid, PAYMENT_PROVIDER);
        cases.add(e.json("no reports", reports(group, "")).invalid("reports"));
        cases.add(e.json("reports missing", "{\"consumerGroup\":" + group + "}").invalid("reports"));
        cases.add(e.json("unknown group", reports(q("someone-else"), outcome(q(UNKNOWN_ORDER), q("ORDER_CREATED"), q("SUCCESS"))))
                .invalid("consumerGroup"));
        cases.add(e.json("two reports of one event", reports(group, outcome(q(UNKNOWN_ORDER), q("ORDER_CREATED"), q("PROCESSING"))
                + "," + outcome(q(UNKNOWN_ORDER), q("ORDER_CREATED"), q("SUCCESS")))).invalid("reports"));
        cases.add(e.json("id with a leading zero", reports(group, outcome(q("0" + UNKNOWN_ORDER), q("ORDER_CREATED"), q("SUCCESS"))))
                .invalid("reports[0].orderId"));
        cases.add(e.json("unknown event type", reports(group, outcome(q(UNKNOWN_ORDER), q("ORDER_PAID"), q("SUCCESS"))))
                .invalid("reports[0].eventType"));
        cases.add(e.json("null report", reports(group, "null")).invalid("reports[0]"));
        cases.add(e.json("unknown field in a report", reports(group, "{\"orderId\":\"1\",\"eventType\":\"ORDER_CREATED\","
                + "\"status\":\"SUCCESS\",\"refund\":true}")).invalid("reports[0].refund"));
        // a service reports for its own consumer group only, and /internal/ hidden from the token check
        cases.add(e.json("inventory-service reports for notice's group", reports(q("eventual-notice-consumer"),
                outcome(q(UNKNOWN_ORDER), q("ORDER_CREATED"), q("SUCCESS"))))
                .forbidden("may not report for consumer group eventual-notice-consumer"));
        cases.add(e.json("no token, path parameter hiding /internal/", valid).withoutToken()
                .path("/internal;x=1/orders/consumer-reports").refused(401));
        cases.add(e.json("no token, percent-encoded /internal/", valid).withoutToken()
                .path("/%69nternal/orders/consumer-reports").refused(401));
        // the report's fields
        cases.add(e.json("eventType as ordinal 0", reports(group, outcome(q(UNKNOWN_ORDER), "0", q("SUCCESS"))))
                .invalid("reports[0].eventType"));
        cases.add(e.json("eventType as string \"0\"", reports(group, outcome(q(UNKNOWN_ORDER), q("0"), q("SUCCESS"))))
                .invalid("reports[0].eventType"));
        cases.add(e.json("lower-case eventType", reports(group, outcome(q(UNKNOWN_ORDER), q("order_created"), q("SUCCESS"))))
                .invalid("reports[0].eventType"));
        cases.add(e.json("status as ordinal 1", reports(group, outcome(q(UNKNOWN_ORDER), q("ORDER_CREATED"), "1")))
                .invalid("reports[0].status"));
        cases.add(e.json("null status", reports(group, outcome(q(UNKNOWN_ORDER), q("ORDER_CREATED"), "null")))
                .invalid("reports[0].status"));
        cases.add(e.json("detail of 513 characters", reports(group, "{\"orderId\":" + q(UNKNOWN_ORDER)
                + ",\"eventType\":\"ORDER_CREATED\",\"status\":\"SUCCESS\",\"detail\":" + q("d".repeat(513)) + "}"))
                .invalid("reports[0].detail"));
        cases.add(e.json("SQL id", reports(group, outcome(q("1) OR (1=1"), q("ORDER_CREATED"), q("SUCCESS"))))
                .invalid("reports[0].orderId"));
        cases.add(e.json("id beyond long", reports(group, outcome(q("1"), q("ORDER_CREATED"), q("SUCCESS")) + ","
                + outcome(q(FAR_ABOVE_LONG), q("ORDER_CREATED"), q("SUCCESS")))).invalid("reports[1].orderId"));
        cases.add(e.json("boolean id", reports(group, outcome("true", q("ORDER_CREATED"), q("SUCCESS"))))
                .invalid("reports[0].orderId"));
        cases.add(e.json("501 reports", reports(group, IntStream.rangeClosed(1, 501)
                .mapToObj(i -> outcome(q(Integer.toString(i)), q("ORDER_CREATED"), q("SUCCESS")))
                .collect(Collectors.joining(",")))).invalid("reports"));
        // the consumer group
        String one = outcome(q(UNKNOWN_ORDER), q("ORDER_CREATED"), q("SUCCESS"));
        cases.add(e.json("blank consumerGroup", reports(q("  "), one)).invalid("consumerGroup"));
        cases.add(e.json("SQL in consumerGroup", reports(q(SQL), one)).invalid("consumerGroup"));
        cases.add(e.json("NUL after a real consumerGroup", reports(q("eventual-inventory-consumer\\u0000"), one))
                .invalid("consumerGroup"));
        cases.add(e.json("consumerGroup of 65 characters", reports(q("g".repeat(65)), one)).invalid("consumerGroup"));
        // the body as a whole
        cases.add(e.json("duplicated key consumerGroup", "{\"consumerGroup\":" + group + ",\"consumerGroup\":"
                + q("eventual-notice-consumer") + ",\"reports\":[" + one + "]}").malformed());
        cases.add(e.json("unknown field", "{\"consumerGroup\":" + group + ",\"reports\":[" + one + "],\"retries\":3}")
                .invalid("retries"));
        cases.add(e.json("no token and Content-Encoding: gzip", valid).withoutToken().header("Content-Encoding", "gzip")
                .refused(401));
        cases.add(e.json("Content-Encoding: gzip", valid).header("Content-Encoding", "gzip").unsupportedEncoding());
        cases.add(e.json("Content-Encoding: deflate", valid).header("Content-Encoding", "deflate").unsupportedEncoding());
        cases.add(e.json("empty body", "").malformed());
        cases.add(e.draft("text/plain body").body("text/plain", valid).refused(415));
        cases.add(e.draft("YAML body").body("application/yaml", "consumerGroup: eventual-inventory-consumer\n").refused(415));
        cases.add(e.json("600 KB body", INTERNAL_OVERSIZED).refused(413));
        cases.add(e.draft("GET").method("GET").refused(405));
        cases.add(e.draft("PUT").method("PUT").body(JSON, "{}").refused(405));
    }

    private static String reports(String consumerGroup, String reports) {
        return "{\"consumerGroup\":" + consumerGroup + ",\"reports\":[" + reports + "]}";
    }

    private static String outcome(String orderId, String eventType, String status) {
        return "{\"orderId\":" + orderId + ",\"eventType\":" + eventType + ",\"status\":" + status + "}";
    }

    private static void readStock(List<BadInput> cases) {
        Endpoint e = new Endpoint(INVENTORY, "GET", "/api/inventory/{skuId}", "/api/inventory/" + UNKNOWN_SKU, CUSTOMER);
        pathIds(cases, e, "/api/inventory/", "skuId");
        cases.add(e.draft("NUL in id").path("/api/inventory/%00").refusedByContainer());
        cases.add(e.draft("unknown SKU").refused(404));
        cases.add(e.draft("POST").method("POST").body(JSON, "{}").refused(405));
        cases.add(e.draft("DELETE").method("DELETE").refused(405));
    }

    private static void setStock(List<BadInput> cases) {
        Endpoint e = new Endpoint(INVENTORY, "PUT", "/api/inventory/{skuId}", "/api/inventory/" + UNKNOWN_SKU, ADMIN);
        tokens(cases, e, stock("5"), RECONCILE_JOB);
        cases.add(e.json("no token and a negative stock", stock("-1")).withoutToken().refused(401));
        cases.add(e.json("text stock", stock(q("x"))).invalid("stock"));
        cases.add(e.json("numeric string stock", stock(q("5"))).invalid("stock"));
        cases.add(e.json("negative stock", stock("-1")).invalid("stock"));
        cases.add(e.json("stock above 10^9", stock("1000000001")).invalid("stock"));
        cases.add(e.json("stock beyond int", stock("2147483648")).invalid("stock"));
        cases.add(e.json("stock 1e309", stock(OUT_OF_DOUBLE)).invalid("stock"));
        cases.add(e.json("fractional stock", stock("2.5")).invalid("stock"));
        cases.add(e.json("null stock", stock("null")).invalid("stock"));
        cases.add(e.json("boolean stock", stock("true")).invalid("stock"));
        cases.add(e.json("no stock", "{}").invalid("stock"));
        cases.add(e.json("duplicated key stock (5 then -1)", "{\"stock\":5,\"stock\":-1}").malformed());
        cases.add(e.json("unknown field skuId in the body", "{\"stock\":5,\"skuId\":1}").invalid("skuId"));
        cases.add(e.json("no token and an unknown field", "{\"stock\":5,\"reserved\":1}").withoutToken().refused(401));
        contentEncodings(cases, e, stock("5"));
        cases.add(e.json("text SKU", stock("5")).path("/api/inventory/abc").invalid("skuId"));
        cases.add(e.json("SKU beyond long", stock("5")).path("/api/inventory/" + FAR_ABOVE_LONG).invalid("skuId"));
        cases.add(e.json("truncated JSON", "{\"stock\":").malformed());
        cases.add(e.json("empty body", "").malformed());
        cases.add(e.draft("no body, no Content-Type").refused(415));
        cases.add(e.draft("text/plain body").body("text/plain", "5").refused(415));
        cases.add(e.json("20 KB body", OVERSIZED).refused(413));
    }

    /** The stock gate's repair acts: a SKU the shared suite does not gate is a 409, and nothing is seeded. */
    private static void seedGate(List<BadInput> cases) {
        Endpoint e = new Endpoint(INVENTORY, "POST", "/api/inventory/{skuId}/gate", "/api/inventory/" + UNKNOWN_SKU + "/gate",
                ADMIN);
        tokens(cases, e, "", PAYMENT_PROVIDER);
        cases.add(e.draft("text SKU").path("/api/inventory/abc/gate").invalid("skuId"));
        cases.add(e.draft("SKU beyond long").path("/api/inventory/" + FAR_ABOVE_LONG + "/gate").invalid("skuId"));
        cases.add(e.draft("SKU with a leading zero").path("/api/inventory/0" + UNKNOWN_SKU + "/gate").invalid("skuId"));
        cases.add(e.draft("a SKU the gate does not hold").refused(409, ProblemTypes.CONFLICT));
        cases.add(e.draft("GET").method("GET").refused(405));
        Endpoint rebuild = new Endpoint(INVENTORY, "POST", "/api/inventory/gate/rebuild", null, ADMIN);
        tokens(cases, rebuild, "", INVENTORY_SERVICE);
        cases.add(rebuild.draft("DELETE").method("DELETE").refused(405));
    }

    /** The status endpoints of inventory and notice take the same batch request. */
    private static void batchStatus(List<BadInput> cases, Endpoint e) {
        tokens(cases, e, ids(q("1")), INVENTORY_SERVICE);
        cases.add(e.json("no token, empty path parameter hiding /internal/", ids(q("1"))).withoutToken()
                .path(e.defaultPath().replaceFirst("/internal/", "/internal;/")).refused(401));
        cases.add(e.json("empty id list", ids("")).invalid("orderIds"));
        cases.add(e.json("501 ids", ids(IntStream.rangeClosed(1, 501).mapToObj(i -> q(Integer.toString(i)))
                .collect(Collectors.joining(",")))).invalid("orderIds"));
        cases.add(e.json("ids as an object", "{\"orderIds\":{\"a\":1}}").invalid("orderIds"));
        cases.add(e.json("ids as one string", "{\"orderIds\":\"1,2\"}").invalid("orderIds"));
        cases.add(e.json("text id", ids(q("1") + "," + q("abc"))).invalid("orderIds[1]"));
        cases.add(e.json("SQL id", ids(q("1) OR (1=1"))).invalid("orderIds[0]"));
        cases.add(e.json("boolean id", ids("true")).invalid("orderIds[0]"));
        cases.add(e.json("zero id", ids(q("0"))).invalid("orderIds[0]"));
        cases.add(e.json("id beyond long", ids(q(FAR_ABOVE_LONG))).invalid("orderIds[0]"));
        cases.add(e.json("Arabic-Indic digits id", ids(q(ARABIC_DIGITS))).invalid("orderIds[0]"));
        cases.add(e.json("lone surrogate id", ids(q("\\udfff"))).invalid("orderIds[0]"));
        cases.add(e.json("truncated JSON (named where it ends)", "{\"orderIds\":[\"1\"").invalid("orderIds[1]"));
        cases.add(e.json("id with a leading zero", ids(q("01"))).invalid("orderIds[0]"));
        cases.add(e.json("unknown field ids", "{\"orderIds\":[\"1\"],\"ids\":[\"2\"]}").invalid("ids"));
        cases.add(e.json("Content-Encoding: gzip", ids(q("1"))).header("Content-Encoding", "gzip").unsupportedEncoding());
        cases.add(e.json("no token and Content-Encoding: gzip", ids(q("1"))).withoutToken().header("Content-Encoding", "gzip")
                .refused(401));
        cases.add(e.draft("YAML body").body("application/yaml", "orderIds:\n  - \"1\"\n").refused(415));
        cases.add(e.draft("text/plain body").body("text/plain", ids(q("1"))).refused(415));
        cases.add(e.json("600 KB chunked body", INTERNAL_OVERSIZED).chunked().refused(413));
        cases.add(e.draft("GET").method("GET").refused(405));
    }

    private static void inventoryRedrive(List<BadInput> cases) {
        Endpoint retry = new Endpoint(INVENTORY, "POST", "/internal/inventory/retries", null, RECONCILE_JOB);
        tokens(cases, retry, batch(created("4242", "1", UNKNOWN_SKU, "1")), INVENTORY_SERVICE);
        cases.add(retry.json("text orderId", batch(created(q("abc"), "1", UNKNOWN_SKU, "1"))).invalid("events[0].orderId"));
        cases.add(retry.json("zero orderId", batch(created("0", "1", UNKNOWN_SKU, "1"))).invalid("events[0].orderId"));
        cases.add(retry.json("orderId beyond long", batch(created(ABOVE_LONG, "1", UNKNOWN_SKU, "1")))
                .invalid("events[0].orderId"));
        cases.add(retry.json("orderId 1e309", batch(created(OUT_OF_DOUBLE, "1", UNKNOWN_SKU, "1"))).invalid("events[0].orderId"));
        cases.add(retry.json("string orderId with a leading zero", batch(created(q("04242"), "1", UNKNOWN_SKU, "1")))
                .invalid("events[0].orderId"));
        cases.add(retry.json("string orderId in Arabic-Indic digits", batch(created(q(ARABIC_DIGITS), "1", UNKNOWN_SKU, "1")))
                .invalid("events[0].orderId"));
        cases.add(retry.json("string orderId with a sign", batch(created(q("+4242"), "1", UNKNOWN_SKU, "1")))
                .invalid("events[0].orderId"));
        cases.add(retry.json("string orderId with spaces", batch(created(q(" 4242"), "1", UNKNOWN_SKU, "1")))
                .invalid("events[0].orderId"));
        cases.add(retry.json("string orderId beyond long", batch(created(q(ABOVE_LONG), "1", UNKNOWN_SKU, "1")))
                .invalid("events[0].orderId"));
        cases.add(retry.json("string orderId zero", batch(created(q("0"), "1", UNKNOWN_SKU, "1"))).invalid("events[0].orderId"));
        cases.add(retry.json("string skuId of text", batch(created("4242", "1", q(SQL), "1"))).invalid("events[0].skuId"));
        cases.add(retry.json("string quantity (not an id)", batch(created("4242", "1", UNKNOWN_SKU, q("1"))))
                .invalid("events[0].quantity"));
        cases.add(retry.json("Content-Encoding: gzip", batch(created("4242", "1", UNKNOWN_SKU, "1"))).header("Content-Encoding", "gzip")
                .unsupportedEncoding());
        cases.add(retry.json("negative skuId", batch(created("4242", "1", "-1", "1"))).invalid("events[0].skuId"));
        cases.add(retry.json("zero quantity", batch(created("4242", "1", UNKNOWN_SKU, "0"))).invalid("events[0].quantity"));
        cases.add(retry.json("quantity beyond int", batch(created("4242", "1", UNKNOWN_SKU, "2147483648")))
                .invalid("events[0].quantity"));
        cases.add(retry.json("missing orderId", batch("{\"schemaVersion\":1,\"userId\":1,\"skuId\":1,\"quantity\":1}"))
                .invalid("events[0].orderId"));
        cases.add(retry.json("text schemaVersion", batch("{\"schemaVersion\":\"one\",\"orderId\":4242,\"userId\":1,\"skuId\":1,"
                + "\"quantity\":1}")).invalid("events[0].schemaVersion"));
        cases.add(retry.json("createdAt not a timestamp", batch("{\"schemaVersion\":1,\"orderId\":4242,\"userId\":1,\"skuId\":1,"
                + "\"quantity\":1,\"createdAt\":\"yesterday\"}")).invalid("events[0].createdAt"));
        cases.add(retry.json("array body", "[]").malformed());
        cases.add(retry.json("no events", batch("")).invalid("events"));
        cases.add(retry.json("null event", batch("null")).invalid("events[0]"));
        cases.add(retry.draft("YAML body").body("application/yaml", "orderId: 4242\n").refused(415));
        cases.add(retry.json("600 KB body", INTERNAL_OVERSIZED).refused(413));
        cases.add(retry.draft("GET").method("GET").refused(405));

        Endpoint release = new Endpoint(INVENTORY, "POST", "/internal/inventory/releases", null, RECONCILE_JOB);
        tokens(cases, release, batch(canceled("4242", "1", UNKNOWN_SKU, "1", q("r"))), PAYMENT_PROVIDER);
        cases.add(release.json("text orderId", batch(canceled(q("x"), "1", UNKNOWN_SKU, "1", q("r"))))
                .invalid("events[0].orderId"));
        cases.add(release.json("zero skuId", batch(canceled("4242", "1", "0", "1", q("r")))).invalid("events[0].skuId"));
        cases.add(release.json("negative quantity", batch(canceled("4242", "1", UNKNOWN_SKU, "-3", q("r"))))
                .invalid("events[0].quantity"));
        cases.add(release.json("array reason", batch(canceled("4242", "1", UNKNOWN_SKU, "1", "[\"r\"]")))
                .invalid("events[0].reason"));
        cases.add(release.json("canceledAt not a timestamp", batch("{\"schemaVersion\":1,\"orderId\":4242,\"userId\":1,\"skuId\":1,"
                + "\"quantity\":1,\"canceledAt\":\"tomorrow\"}")).invalid("events[0].canceledAt"));
        cases.add(release.json("truncated JSON (named where it ends)", "{\"events\":[{\"orderId\":4242,").invalid("events[0]"));
        cases.add(release.json("string userId with a leading zero", batch(canceled("4242", q("01"), UNKNOWN_SKU, "1", q("r"))))
                .invalid("events[0].userId"));
        cases.add(release.draft("text/plain body").body("text/plain", "4242").refused(415));
        cases.add(release.draft("PUT").method("PUT").body(JSON, "{}").refused(405));
    }

    /** A consumer's retention cleanup (docs/retention.md): refused whole, nothing deleted. */
    private static void cleanup(List<BadInput> cases, Endpoint e) {
        tokens(cases, e, horizon("3600"), INVENTORY_SERVICE);
        // a caller that may re-drive for a year: the consumer's 30 days are below that floor
        cases.add(e.json("horizon past the retention's floor", horizon(Long.toString(365L * 24 * 3600)))
                .refused(409, ProblemTypes.RETENTION_TOO_SHORT));
        cases.add(e.json("missing horizon", "{}").invalid("upstreamHorizonSeconds"));
        cases.add(e.json("null horizon", horizon("null")).invalid("upstreamHorizonSeconds"));
        cases.add(e.json("negative horizon", horizon("-1")).invalid("upstreamHorizonSeconds"));
        cases.add(e.json("horizon beyond a year", horizon(Long.toString(CleanupRequest.MAX_HORIZON_SECONDS + 1)))
                .invalid("upstreamHorizonSeconds"));
        cases.add(e.json("horizon as text", horizon(q("1h"))).invalid("upstreamHorizonSeconds"));
        cases.add(e.json("horizon beyond long", horizon(FAR_ABOVE_LONG)).invalid("upstreamHorizonSeconds"));
        cases.add(e.json("unknown field keep", "{\"upstreamHorizonSeconds\":3600,\"keep\":1}").invalid("keep"));
        cases.add(e.json("array body", "[]").malformed());
        cases.add(e.draft("YAML body").body("application/yaml", "upstreamHorizonSeconds: 3600\n").refused(415));
        cases.add(e.json("600 KB body", INTERNAL_OVERSIZED).refused(413));
        cases.add(e.draft("GET").method("GET").refused(405));
    }

    private static String horizon(String seconds) {
        return "{\"upstreamHorizonSeconds\":" + seconds + "}";
    }

    private static void noticeRedrive(List<BadInput> cases) {
        Endpoint created = new Endpoint(NOTICE, "POST", "/internal/notices/order-created/retries", null, RECONCILE_JOB);
        tokens(cases, created, batch(created("4242", "1", UNKNOWN_SKU, "1")), INVENTORY_SERVICE);
        cases.add(created.json("text orderId", batch(created(q("abc"), "1", UNKNOWN_SKU, "1"))).invalid("events[0].orderId"));
        cases.add(created.json("negative userId", batch(created("4242", "-5", UNKNOWN_SKU, "1"))).invalid("events[0].userId"));
        cases.add(created.json("zero quantity", batch(created("4242", "1", UNKNOWN_SKU, "0"))).invalid("events[0].quantity"));
        cases.add(created.json("text quantity", batch(created("4242", "1", UNKNOWN_SKU, q("one"))))
                .invalid("events[0].quantity"));
        cases.add(created.json("string userId of text", batch(created("4242", q("x1"), UNKNOWN_SKU, "1")))
                .invalid("events[0].userId"));
        cases.add(created.json("Content-Encoding: br", batch(created("4242", "1", UNKNOWN_SKU, "1"))).header("Content-Encoding", "br")
                .unsupportedEncoding());
        cases.add(created.json("missing userId", batch("{\"schemaVersion\":1,\"orderId\":4242,\"skuId\":1,\"quantity\":1}"))
                .invalid("events[0].userId"));
        // a repeated key inside an event is named by the event's place
        cases.add(created.json("duplicated key orderId", batch("{\"schemaVersion\":1,\"orderId\":4242,\"orderId\":1,\"userId\":1,"
                + "\"skuId\":1,\"quantity\":1}")).invalid("events[0]"));
        cases.add(created.draft("YAML body").body("application/yaml", "orderId: 4242\n").refused(415));
        cases.add(created.json("600 KB body", INTERNAL_OVERSIZED).refused(413));
        cases.add(created.json("events missing", "{}").invalid("events"));
        cases.add(created.draft("GET").method("GET").refused(405));

        Endpoint canceled = new Endpoint(NOTICE, "POST", "/internal/notices/order-canceled/retries", null, RECONCILE_JOB);
        tokens(cases, canceled, batch(canceled("4242", "1", UNKNOWN_SKU, "1", q("r"))), PAYMENT_PROVIDER);
        cases.add(canceled.json("text orderId", batch(canceled(q("x"), "1", UNKNOWN_SKU, "1", q("r"))))
                .invalid("events[0].orderId"));
        cases.add(canceled.json("string orderId with a leading zero", batch(canceled(q("04242"), "1", UNKNOWN_SKU, "1", q("r"))))
                .invalid("events[0].orderId"));
        cases.add(canceled.json("missing userId", batch("{\"schemaVersion\":1,\"orderId\":4242,\"skuId\":1,\"quantity\":1}"))
                .invalid("events[0].userId"));
        cases.add(canceled.json("skuId 1e309", batch(canceled("4242", "1", OUT_OF_DOUBLE, "1", q("r"))))
                .invalid("events[0].skuId"));
        cases.add(canceled.json("array reason", batch(canceled("4242", "1", UNKNOWN_SKU, "1", "[\"r\"]")))
                .invalid("events[0].reason"));
        cases.add(canceled.draft("text/plain body").body("text/plain", "4242").refused(415));
        cases.add(canceled.draft("GET").method("GET").refused(405));
    }

    private static void listWorkOrders(List<BadInput> cases) {
        Endpoint e = new Endpoint(RECONCILE, "GET", "/api/work-orders", null, OPERATOR);
        cases.add(e.query("unknown status", "status=BOGUS").invalid("status"));
        cases.add(e.query("lower-case status", "status=open").invalid("status"));
        cases.add(e.query("SQL in status", "status=OPEN%27%3B%20DROP%20TABLE%20reconcile_work_order%3B--").invalid("status"));
        cases.add(e.query("text orderId", "orderId=abc").invalid("orderId"));
        cases.add(e.query("SQL in orderId", "orderId=1%27%20OR%20%271%27%3D%271").invalid("orderId"));
        cases.add(e.query("orderId beyond long", "orderId=" + FAR_ABOVE_LONG).invalid("orderId"));
        cases.add(e.query("negative page", "page=-1").invalid("page"));
        cases.add(e.query("page above the maximum", "page=100001").invalid("page"));
        cases.add(e.query("page beyond int", "page=99999999999").invalid("page"));
        cases.add(e.query("text skuId", "skuId=abc").invalid("skuId"));
        cases.add(e.query("reason of 513 characters", "reason=" + "r".repeat(TextLimits.REASON_FILTER + 1)).invalid("reason"));
        cases.add(e.query("unknown eventType", "eventType=ORDER_PAID").invalid("eventType"));
        cases.add(e.query("size zero", "size=0").invalid("size"));
        cases.add(e.query("size above 100", "size=101").invalid("size"));
        cases.add(e.query("size 1e309", "size=1e309").invalid("size"));
        cases.add(e.draft("POST").method("POST").body(JSON, "{}").refused(405));
        cases.add(e.draft("TRACE").method("TRACE").refused(405));
    }

    private static void readWorkOrder(List<BadInput> cases) {
        Endpoint e = new Endpoint(RECONCILE, "GET", "/api/work-orders/{id}", "/api/work-orders/" + UNKNOWN_WORK_ORDER, OPERATOR);
        pathIds(cases, e, "/api/work-orders/", "id");
        cases.add(e.draft("unknown work order").refused(404));
        cases.add(e.draft("DELETE").method("DELETE").refused(405));
        cases.add(e.draft("PUT").method("PUT").body(JSON, "{}").refused(405));
    }

    private static void resolveWorkOrder(List<BadInput> cases) {
        Endpoint e = new Endpoint(RECONCILE, "POST", "/api/work-orders/{id}/resolve",
                "/api/work-orders/" + UNKNOWN_WORK_ORDER + "/resolve", OPERATOR);
        String valid = resolve(q("CLOSE"), q("n"));
        // no service's client is an operator
        tokens(cases, e, valid, RECONCILE_JOB);
        cases.add(e.json("no token and an unknown action", resolve(q("BOGUS"), q("n"))).withoutToken().refused(401));
        cases.add(e.json("unknown action", resolve(q("BOGUS"), q("n"))).invalid("action"));
        cases.add(e.json("lower-case action", resolve(q("retry"), q("n"))).invalid("action"));
        cases.add(e.json("action as ordinal 2", resolve("2", q("n"))).invalid("action"));
        cases.add(e.json("null action", resolve("null", q("n"))).invalid("action"));
        cases.add(e.json("no action", "{\"note\":\"n\"}").invalid("action"));
        // the audit names the token's subject: a name in the body is refused, not believed (issue 26)
        cases.add(e.json("operator named in the body", "{\"action\":\"CLOSE\",\"operator\":\"adam\"}").invalid("operator"));
        cases.add(e.json("note of 1,001 characters", resolve(q("CLOSE"), q("n".repeat(TextLimits.WORK_ORDER_NOTE + 1)))).invalid("note"));
        cases.add(e.json("duplicated key action", "{\"action\":\"CLOSE\",\"action\":\"RETRY\"}").malformed());
        cases.add(e.json("unknown field comment", "{\"action\":\"CLOSE\",\"comment\":\"n\"}").invalid("comment"));
        cases.add(e.json("unknown work order, Content-Encoding: gzip", valid).header("Content-Encoding", "gzip")
                .unsupportedEncoding());
        cases.add(e.json("id with a leading zero", valid).path("/api/work-orders/0" + UNKNOWN_WORK_ORDER + "/resolve").invalid("id"));
        cases.add(e.json("unknown work order, SQL in note", resolve(q("CLOSE"), q("admin'--"))).refused(404));
        cases.add(e.json("unknown work order, NUL and RTL in note", resolve(q("CLOSE"), q("\\u0000\\u202eann"))).refused(404));
        cases.add(e.json("unknown work order, script in note", resolve(q("CLOSE"), q(SCRIPT))).refused(404));
        cases.add(e.json("text id", valid).path("/api/work-orders/abc/resolve").invalid("id"));
        cases.add(e.json("id beyond long", valid).path("/api/work-orders/" + FAR_ABOVE_LONG + "/resolve").invalid("id"));
        cases.add(e.draft("text/plain body").body("text/plain", valid).refused(415));
        cases.add(e.draft("YAML body").body("application/yaml", "action: CLOSE\n").refused(415));
        cases.add(e.json("20 KB body", OVERSIZED).refused(413));
        cases.add(e.draft("GET").method("GET").refused(405));
    }

    private static void bulkWorkOrders(List<BadInput> cases) {
        Endpoint e = new Endpoint(RECONCILE, "POST", "/api/work-orders/bulk", null, OPERATOR);
        // no order has this SKU: a body that passed every check is still refused, 409, for its count
        String filter = "{\"skuId\":\"" + Long.MAX_VALUE + "\"}";
        String valid = bulk(filter, q("CLOSE"), q("n"), "1");
        tokens(cases, e, valid, RECONCILE_JOB);
        cases.add(e.json("count that does not match", valid).refused(409, ProblemTypes.CONFLICT));
        cases.add(e.json("CANCEL_ORDER in bulk", bulk(filter, q("CANCEL_ORDER"), q("n"), "1")).invalid("action"));
        cases.add(e.json("filter naming neither SKU nor reason", bulk("{}", q("CLOSE"), q("n"), "1")).invalid("filter"));
        cases.add(e.json("only an event type as filter", bulk("{\"eventType\":\"ORDER_CREATED\"}", q("CLOSE"), q("n"), "1"))
                .invalid("filter"));
        cases.add(e.json("no filter", "{\"action\":\"CLOSE\",\"note\":\"n\",\"expectedCount\":1}").invalid("filter"));
        cases.add(e.json("text skuId in the filter", bulk("{\"skuId\":\"abc\"}", q("CLOSE"), q("n"), "1")).invalid("filter.skuId"));
        cases.add(e.json("empty reason in the filter", bulk("{\"reason\":\"\"}", q("CLOSE"), q("n"), "1")).invalid("filter.reason"));
        cases.add(e.json("note of 1,001 characters", bulk(filter, q("CLOSE"), q("n".repeat(TextLimits.WORK_ORDER_NOTE + 1)), "1"))
                .invalid("note"));
        cases.add(e.json("blank note", bulk(filter, q("CLOSE"), q(" "), "1")).invalid("note"));
        cases.add(e.json("expectedCount zero", bulk(filter, q("CLOSE"), q("n"), "0")).invalid("expectedCount"));
        cases.add(e.json("expectedCount as text", bulk(filter, q("CLOSE"), q("n"), q("1"))).invalid("expectedCount"));
        cases.add(e.json("operator named in the body", "{\"filter\":" + filter
                + ",\"action\":\"CLOSE\",\"note\":\"n\",\"expectedCount\":1,\"operator\":\"adam\"}").invalid("operator"));
        // GET /api/work-orders/bulk reads the work order "bulk": a 400 naming id, as any text id (readWorkOrder)
        cases.add(e.draft("DELETE").method("DELETE").refused(405));
    }

    private static String bulk(String filter, String action, String note, String expectedCount) {
        return "{\"filter\":" + filter + ",\"action\":" + action + ",\"note\":" + note + ",\"expectedCount\":"
                + expectedCount + "}";
    }

    private static void actuatorAndUnknownPaths(List<BadInput> cases) {
        // the actuator is on each service's management port, never its API port (docs/operations.md, "The
        // management port"): here, where the corpus sends, nothing of it answers, not even health
        cases.add(new Endpoint(ORDER, "GET", "/actuator/metrics/{name}", "/actuator/metrics/jvm.memory.used", NONE)
                .draft("on the API port").refused(404));
        cases.add(new Endpoint(NOTICE, "GET", "/actuator/prometheus", null, NONE).draft("on the API port").refused(404));
        cases.add(new Endpoint(INVENTORY, "GET", "/actuator/health", null, NONE).draft("on the API port").refused(404));
        cases.add(new Endpoint(RECONCILE, "POST", "/actuator/shutdown", null, NONE).draft("on the API port").refused(404));
        cases.add(new Endpoint(ORDER, "GET", "/actuator/env", null, NONE).draft("on the API port").refused(404));
        Endpoint internal = new Endpoint(ORDER, "POST", "/internal/{unknown}", "/internal/nothing-here", RECONCILE_JOB);
        cases.add(internal.draft("no token").withoutToken().refused(401));
        cases.add(internal.draft("with a client token").refused(404));
        // no public API here: a signed-in caller, the admin too, gets Spring MVC's 404, nothing more
        cases.add(new Endpoint(NOTICE, "GET", "/api/{unknown}", "/api/notices", ADMIN).draft("no public API").refused(404));
        // where the container forwards its own errors: asked for directly, there is nothing there
        for (Service service : Service.values()) {
            cases.add(new Endpoint(service, "GET", "/error", null, NONE).draft("asked for directly").refused(404));
        }
        // the console's sign-in under a registration id no client has
        cases.add(new Endpoint(RECONCILE, "GET", "/oauth2/authorization/{registrationId}", "/oauth2/authorization/nobody", NONE)
                .draft("unknown registration id").refused(404));
    }

    /**
     * A bearer token missing, not a JWT, or forged from the caller's real one ({@link Forgery}), on a
     * public act of each service that has one (notice-service has none), sent as a caller the act
     * allows: only the token is wrong. Placing the order would write, so a token wrongly taken shows
     * in the databases' fingerprint as well as in the status.
     */
    private static void bearerTokens(List<BadInput> cases) {
        List<Draft> acts = List.of(
                new Endpoint(ORDER, "POST", "/api/orders", null, CUSTOMER).draft("")
                        .body(JSON, "{\"skuId\":" + CORPUS_SKU + ",\"quantity\":1}"),
                new Endpoint(INVENTORY, "GET", "/api/inventory/{skuId}", "/api/inventory/" + CORPUS_SKU, CUSTOMER).draft(""),
                new Endpoint(RECONCILE, "GET", "/api/work-orders", null, OPERATOR).draft(""));
        for (Draft act : acts) {
            cases.add(act.copy("no Authorization header").withoutToken().refused(401));
            cases.add(act.copy("Authorization: Bearer with no token").withoutToken().header("Authorization", "Bearer ").refused(401));
            cases.add(act.copy("not a JWT").withoutToken().header("Authorization", "Bearer not-a-jwt").refused(401));
            for (Forgery forgery : Forgery.values()) {
                cases.add(act.copy("token " + forgery.description).forged(forgery).refused(401));
            }
        }
        Draft place = acts.get(0);
        // credentials a person's act does not read: only a bearer token in the Authorization header counts
        cases.add(place.copy("Basic credentials instead of a bearer token").withoutToken()
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        "alice:not-her-password".getBytes(StandardCharsets.UTF_8))).refused(401));
        cases.add(place.copy("the old service token header instead of a bearer token").withoutToken()
                .header(OLD_SERVICE_HEADER, "launcher-it-token-0123456789").refused(401));
        // a customer's token with the admin role written in: where the admin role would let it set stock
        cases.add(new Endpoint(INVENTORY, "PUT", "/api/inventory/{skuId}", "/api/inventory/" + CORPUS_SKU, ADMIN)
                .json("a customer's token changed to the admin role", stock("7")).as(CUSTOMER).forged(Forgery.TAMPERED)
                .refused(401));
    }

    /**
     * A real token of a caller whose role the act does not allow: 403 naming who may, before the body
     * is read. Each request is otherwise valid and aimed at real data (the corpus' SKU, another
     * customer's order), so one wrongly let through would write.
     */
    private static void roles(List<BadInput> cases) {
        Endpoint place = new Endpoint(ORDER, "POST", "/api/orders", null, CUSTOMER);
        String placement = "{\"skuId\":" + CORPUS_SKU + ",\"quantity\":1}";
        cases.add(place.json("the operator places an order", placement).as(OPERATOR).forbidden("the caller is operator"));
        cases.add(place.json("the admin places an order", placement).as(ADMIN).forbidden("the caller is admin"));
        // a customer orders for itself only: the body's userId must be its own
        cases.add(place.json("a customer orders for another customer", order("2", Long.toString(CORPUS_SKU), "1"))
                .forbidden("is not the signed-in customer"));
        cases.add(new Endpoint(ORDER, "GET", "/api/orders", null, CUSTOMER).query("a customer lists another customer's orders",
                "userId=" + ORDER_OWNER).forbidden("its own orders only"));

        Endpoint pay = new Endpoint(ORDER, "POST", "/api/orders/{orderId}/pay", "/api/orders/" + ANOTHERS_ORDER + "/pay",
                PAYMENT_PROVIDER);
        // a service's credential opens its own acts only: reconcile-job cancels, it does not pay
        cases.add(pay.json("reconcile-job's client confirms a payment", "{\"paymentId\":\"corpus-forged\"}").as(RECONCILE_JOB)
                .forbidden("the caller is client reconcile-job"));
        cases.add(pay.json("a customer confirms a payment", "{\"paymentId\":\"corpus-forged\"}").as(CUSTOMER)
                .forbidden("the caller is customer"));
        cases.add(pay.json("the admin confirms a payment", "{\"paymentId\":\"corpus-forged\"}").as(ADMIN)
                .forbidden("the caller is admin"));
        cases.add(new Endpoint(ORDER, "POST", "/api/orders/{orderId}/cancel", "/api/orders/" + ANOTHERS_ORDER + "/cancel", CUSTOMER)
                .json("the operator cancels an order", reason(q("corpus"))).as(OPERATOR).forbidden("the caller is operator"));

        Endpoint setStock = new Endpoint(INVENTORY, "PUT", "/api/inventory/{skuId}", "/api/inventory/" + CORPUS_SKU, ADMIN);
        cases.add(setStock.json("a customer sets stock", stock("7")).as(CUSTOMER).forbidden("the caller is customer"));
        cases.add(setStock.json("the operator sets stock", stock("7")).as(OPERATOR).forbidden("the caller is operator"));
        cases.add(new Endpoint(INVENTORY, "POST", "/api/inventory/gate/rebuild", null, ADMIN).draft("a customer rebuilds the gate")
                .as(CUSTOMER).forbidden("the caller is customer"));
        cases.add(new Endpoint(INVENTORY, "POST", "/api/inventory/{skuId}/gate", "/api/inventory/" + CORPUS_SKU + "/gate", ADMIN)
                .draft("the operator seeds the gate").as(OPERATOR).forbidden("the caller is operator"));

        cases.add(new Endpoint(RECONCILE, "GET", "/api/work-orders", null, OPERATOR).draft("a customer lists work orders")
                .as(CUSTOMER).forbidden("the caller is customer"));
        cases.add(new Endpoint(RECONCILE, "GET", "/api/work-orders/{id}", "/api/work-orders/1", OPERATOR)
                .draft("a customer reads a work order").as(CUSTOMER).forbidden("the caller is customer"));
        cases.add(new Endpoint(RECONCILE, "POST", "/api/work-orders/{id}/resolve", "/api/work-orders/1/resolve", OPERATOR)
                .json("a customer resolves a work order", resolve(q("CLOSE"), q("corpus"))).as(CUSTOMER)
                .forbidden("the caller is customer"));
        cases.add(new Endpoint(RECONCILE, "POST", "/api/work-orders/bulk", null, OPERATOR)
                .json("a customer closes work orders in bulk", bulk("{\"reason\":\"inventory\"}", q("CLOSE"), q("corpus"), "1"))
                .as(CUSTOMER).forbidden("the caller is customer"));

        // a person's token, the admin's too, never reaches the services' own endpoints
        cases.add(new Endpoint(ORDER, "POST", "/internal/orders/consumer-reports", null, INVENTORY_SERVICE)
                .json("the admin's bearer token", reports(q("eventual-inventory-consumer"),
                        outcome(q(UNKNOWN_ORDER), q("ORDER_CREATED"), q("SUCCESS")))).as(ADMIN)
                .forbidden("is for a client with scope orders.report.inventory or orders.report.notice; the caller is admin"));
        cases.add(new Endpoint(INVENTORY, "POST", "/internal/inventory/status", null, RECONCILE_JOB)
                .json("a customer's bearer token", ids(q("1"))).as(CUSTOMER)
                .forbidden("is for a client with scope inventory.redrive; the caller is customer"));
        // the payment provider pays, and reads no order
        cases.add(new Endpoint(ORDER, "GET", "/api/orders/{orderId}", "/api/orders/" + ANOTHERS_ORDER, CUSTOMER)
                .draft("the payment provider reads an order").as(PAYMENT_PROVIDER).forbidden("the caller is client payment-provider"));
    }

    /** A customer asking for another customer's real order learns nothing of it: 404, as for an unknown one. */
    private static void anotherCustomersOrder(List<BadInput> cases) {
        cases.add(new Endpoint(ORDER, "GET", "/api/orders/{orderId}", "/api/orders/" + ANOTHERS_ORDER, CUSTOMER)
                .draft("another customer's order").refused(404));
        Endpoint cancel = new Endpoint(ORDER, "POST", "/api/orders/{orderId}/cancel", "/api/orders/" + ANOTHERS_ORDER + "/cancel",
                CUSTOMER);
        cases.add(cancel.draft("another customer's order, no body").refused(404));
        cases.add(cancel.json("another customer's order, with a reason", reason(q("mine now"))).refused(404));
        cases.add(cancel.json("another customer's order, expecting it CREATED", "{\"reason\":\"x\",\"expectedStatus\":\"CREATED\"}")
                .refused(404));
    }

    /**
     * What a page on another site can make a signed-in user's browser send without asking (no custom
     * header, so no Authorization; a simple content type or none): the API reads credentials from the
     * Authorization header only, never a cookie, so it is 401 whatever the page sends.
     */
    private static void foreignPages(List<BadInput> cases) {
        Endpoint cancel = new Endpoint(ORDER, "POST", "/api/orders/{orderId}/cancel", "/api/orders/" + ANOTHERS_ORDER + "/cancel",
                NONE);
        cases.add(cancel.draft("a foreign page: no body, no Content-Type, no Authorization").refused(401));
        cases.add(cancel.draft("a foreign page: a form, with a session cookie").body("application/x-www-form-urlencoded", "reason=x")
                .header("Cookie", "JSESSIONID=0123456789ABCDEF").refused(401));
        cases.add(new Endpoint(ORDER, "POST", "/api/orders", null, NONE)
                .draft("a foreign page: text/plain JSON").body("text/plain", order("1", Long.toString(CORPUS_SKU), "1")).refused(401));
    }

    /** Ids in a path: not a number, not positive, beyond 64 bits, other scripts, injections. */
    private static void pathIds(List<BadInput> cases, Endpoint e, String prefix, String field) {
        cases.add(e.draft("text id").path(prefix + "abc").invalid(field));
        cases.add(e.draft("zero id").path(prefix + "0").invalid(field));
        cases.add(e.draft("negative id").path(prefix + "-1").invalid(field));
        cases.add(e.draft("id beyond long").path(prefix + ABOVE_LONG).invalid(field));
        cases.add(e.draft("id of 20 digits").path(prefix + FAR_ABOVE_LONG).invalid(field));
        cases.add(e.draft("id with exponent").path(prefix + "1e5").invalid(field));
        cases.add(e.draft("id with a leading zero").path(prefix + "0" + UNKNOWN_ORDER).invalid(field));
        cases.add(e.draft("emoji id").path(prefix + "%F0%9F%98%80").invalid(field));
        cases.add(e.draft("Arabic-Indic digits id").path(prefix + "%D9%A1%D9%A2").invalid(field));
        cases.add(e.draft("space id").path(prefix + "%20").invalid(field));
        cases.add(e.draft("SQL in id").path(prefix + "1%20OR%201%3D1").invalid(field));
        cases.add(e.draft("encoded semicolon and SQL in id").path(prefix + "1%3BDROP%20TABLE%20t_order").invalid(field));
        cases.add(e.draft("script in id").path(prefix + "%3Cscript%3E").invalid(field));
    }

    /**
     * A body that is not compressed, labelled with a content coding: the service decodes none, so it
     * must refuse the label rather than read the body as if it were not there (RFC 9110 §8.4).
     */
    private static void contentEncodings(List<BadInput> cases, Endpoint e, String validBody) {
        for (String coding : List.of("gzip", "deflate", "br", "compress", "identity, gzip", "x-custom")) {
            cases.add(e.json("Content-Encoding: " + coding + " on a plain body", validBody).header("Content-Encoding", coding)
                    .unsupportedEncoding());
        }
    }

    /**
     * A valid body with no token, a token that is no JWT, the old shared service token, every forgery of the
     * caller's real token, and the real token of a client this act is not for (403).
     */
    private static void tokens(List<BadInput> cases, Endpoint e, String validBody, Identity anotherClient) {
        cases.add(e.json("no token", validBody).withoutToken().refused(401));
        cases.add(e.json("a bearer token that is no JWT", validBody).withoutToken()
                .header("Authorization", "Bearer launcher-it-token-0123456789").refused(401));
        cases.add(e.json("empty bearer token", validBody).withoutToken().header("Authorization", "Bearer ").refused(401));
        cases.add(e.json("the old service token header", validBody).withoutToken()
                .header(OLD_SERVICE_HEADER, "launcher-it-token-0123456789").refused(401));
        if (e.as().isClient()) {
            cases.add(e.json("client token " + Forgery.EXPIRED.description, validBody).forged(Forgery.EXPIRED).refused(401));
            cases.add(e.json("client token " + Forgery.OWN_KEY.description, validBody).forged(Forgery.OWN_KEY).refused(401));
        }
        cases.add(e.json("another service's client token", validBody).as(anotherClient)
                .forbidden("the caller is client " + anotherClient.who));
    }

    private static String q(String text) {
        return "\"" + text + "\"";
    }

    private static String order(String userId, String skuId, String quantity) {
        return "{\"userId\":" + userId + ",\"skuId\":" + skuId + ",\"quantity\":" + quantity + "}";
    }

    private static String withKey(String idempotencyKey) {
        return "{\"userId\":1,\"skuId\":1,\"quantity\":1,\"idempotencyKey\":" + idempotencyKey + "}";
    }

    private static String reason(String reason) {
        return "{\"reason\":" + reason + "}";
    }

    private static String stock(String stock) {
        return "{\"stock\":" + stock + "}";
    }

    private static String ids(String ids) {
        return "{\"orderIds\":[" + ids + "]}";
    }

    /** Re-drive events as a batch, the one form the re-drive endpoints take. */
    private static String batch(String events) {
        return "{\"events\":[" + events + "]}";
    }

    private static String created(String orderId, String userId, String skuId, String quantity) {
        return "{\"schemaVersion\":1,\"orderId\":" + orderId + ",\"userId\":" + userId + ",\"skuId\":" + skuId
                + ",\"quantity\":" + quantity + ",\"createdAt\":\"2026-01-01T00:00:00Z\"}";
    }

    private static String canceled(String orderId, String userId, String skuId, String quantity, String reason) {
        return "{\"schemaVersion\":1,\"orderId\":" + orderId + ",\"userId\":" + userId + ",\"skuId\":" + skuId
                + ",\"quantity\":" + quantity + ",\"reason\":" + reason + ",\"canceledAt\":\"2026-01-01T00:00:00Z\"}";
    }

    private static String resolve(String action, String note) {
        return "{\"action\":" + action + ",\"note\":" + note + "}";
    }

    private static byte[] gzip(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
            zip.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static byte[] bytes(String before, byte[] raw, String after) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(before.getBytes(StandardCharsets.UTF_8));
        out.writeBytes(raw);
        out.writeBytes(after.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /**
     * @param defaultPath the concrete path drafts start from; null when the template is concrete
     * @param as          who drafts are sent as unless told otherwise: a caller the endpoint lets through
     *                    to its validation
     */
    private record Endpoint(Service service, String method, String template, String defaultPath, Identity as) {

        @Override
        public String defaultPath() {
            return defaultPath == null ? template : defaultPath;
        }

        boolean internal() {
            return template.startsWith(InternalAuth.INTERNAL_PATH_PREFIX);
        }

        Draft draft(String what) {
            return new Draft(this, what);
        }

        Draft json(String what, String json) {
            return draft(what).body(JSON, json);
        }

        Draft query(String what, String query) {
            return draft(what).path(defaultPath() + "?" + query);
        }
    }

    /** A request being described; it becomes a {@link BadInput} once its expected refusal is given. */
    private static final class Draft {
        private final Endpoint endpoint;
        private final String what;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private Identity as;
        private Forgery forgery;
        private String method;
        private String path;
        private byte[] body;
        private boolean chunked;

        Draft(Endpoint endpoint, String what) {
            this.endpoint = endpoint;
            this.what = what;
            this.as = endpoint.as();
            this.method = endpoint.method();
            this.path = endpoint.defaultPath();
        }

        Draft header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        /** The same request under another description. */
        Draft copy(String description) {
            Draft copy = new Draft(endpoint, description);
            copy.headers.putAll(headers);
            copy.as = as;
            copy.forgery = forgery;
            copy.method = method;
            copy.path = path;
            copy.body = body;
            copy.chunked = chunked;
            return copy;
        }

        /** Sent with no credential of the IT's (a case may still add a wrong one as a header). */
        Draft withoutToken() {
            return as(Identity.NONE);
        }

        Draft as(Identity caller) {
            this.as = caller;
            return this;
        }

        /** Sent as its caller with that caller's real token forged. */
        Draft forged(Forgery how) {
            if (!as.hasToken()) {
                throw new IllegalArgumentException("only a real bearer token can be forged, not " + as);
            }
            this.forgery = how;
            return this;
        }

        Draft method(String method) {
            this.method = method;
            return this;
        }

        Draft path(String path) {
            this.path = path;
            return this;
        }

        /** @param contentType null sends the body without a Content-Type */
        Draft body(String contentType, String text) {
            return body(contentType, text.getBytes(StandardCharsets.UTF_8));
        }

        Draft body(String contentType, byte[] bytes) {
            if (contentType != null) {
                headers.put("Content-Type", contentType);
            }
            this.body = bytes;
            return this;
        }

        Draft chunked() {
            this.chunked = true;
            return this;
        }

        /** 400 naming the offending input. */
        BadInput invalid(String field) {
            return build(400, ProblemTypes.VALIDATION, field);
        }

        /** 415 naming the Content-Encoding header: request bodies are read as sent, never decoded. */
        BadInput unsupportedEncoding() {
            return build(415, ProblemTypes.UNSUPPORTED_MEDIA_TYPE, "Content-Encoding");
        }

        /** 400 for a body that is no JSON document of the expected shape at all. */
        BadInput malformed() {
            return build(400, ProblemTypes.MALFORMED_REQUEST, null);
        }

        /** Refused before any application code runs: Tomcat's own URL checks. */
        BadInput refusedByContainer() {
            return build(400, ProblemTypes.forHttpStatus(400), null);
        }

        /** 403: the caller is known, and may not make this act (the detail says why). */
        BadInput forbidden(String detail) {
            return build(403, ProblemTypes.FORBIDDEN, null, detail);
        }

        /**
         * 401 naming what is missing or refused: a bearer token, refused with its reason, or for an act only
         * services make, the client token and the scope it needs.
         */
        BadInput unauthorized() {
            String detail;
            if (forgery != null || headers.getOrDefault("Authorization", "").startsWith("Bearer ")) {
                detail = ": the bearer token was refused (";
            } else if (endpoint.as().isClient() && !endpoint.template().contains("{unknown}")) {
                detail = " is for the suite's services: it needs an access token of a client with scope ";
            } else {
                detail = " needs a bearer access token (Authorization: Bearer ...)";
            }
            return build(401, ProblemTypes.UNAUTHORIZED, null, detail);
        }

        BadInput refused(int status) {
            if (status == 401) {
                return unauthorized();
            }
            return refused(status, switch (status) {
                case 404 -> ProblemTypes.NOT_FOUND;
                case 413 -> ProblemTypes.MALFORMED_REQUEST;
                case 415 -> ProblemTypes.UNSUPPORTED_MEDIA_TYPE;
                default -> ProblemTypes.forHttpStatus(status);
            });
        }

        BadInput refused(int status, URI type) {
            return build(status, type, null);
        }

        private BadInput build(int status, URI type, String field) {
            return build(status, type, field, null);
        }

        private BadInput build(int status, URI type, String field, String detail) {
            return new BadInput(endpoint.service(), endpoint.method() + " " + endpoint.template(), what, as, forgery, method,
                    path, Map.copyOf(headers), body, chunked, status, type, field, detail);
        }
    }
}
