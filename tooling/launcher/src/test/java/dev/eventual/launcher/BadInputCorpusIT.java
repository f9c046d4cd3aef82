package dev.eventual.launcher;

import dev.eventual.launcher.BadInput.Identity;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 9 of issue 7: the bad-input corpus ({@link BadInputCorpus}) against every endpoint of
 * the running suite, each request sent as its caller (a real token of the suite's auth-server, forged
 * where the case says so, or the service token). Every request is refused with its own 4xx and an
 * RFC 9457 problem, and writes nothing; afterwards every service is healthy and a valid order still
 * goes all the way through.
 *
 * <p>The databases are fingerprinted (row count and checksum of every table) after each case and compared
 * with the fingerprint before it (the baseline's, or the previous case's: one fingerprint per case instead of
 * two, for CI's time; nothing else writes while the corpus runs), which names the case that wrote, and
 * once more after the whole corpus against the baseline. The baseline is taken once the suite is quiet (nothing
 * waiting for reconciliation, no notice in flight, nothing changing), so the standalone reconcile job
 * running every second has nothing to write.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BadInputCorpusIT {

    private static final Logger log = LoggerFactory.getLogger(BadInputCorpusIT.class);
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static LocalSuite suite;
    private static Connection db;
    private static DatabaseFingerprint baseline;
    /** The fingerprint after the last case, the next case's "before". */
    private static DatabaseFingerprint last;
    private static ForgedTokens forged;
    /** {@link BadInputCorpus#ORDER_OWNER}'s order, which the other callers of the corpus try to reach. */
    private static String anothersOrder;

    @BeforeAll
    static void quietSuiteAndBaseline() throws Exception {
        suite = SharedSuite.get();
        db = DriverManager.getConnection(suite.database().jdbcUrl("order_db"), suite.database().username(),
                suite.database().password());
        forged = ForgedTokens.against(suite.identity().issuer());
        HttpResponse<String> seeded = send("PUT", suite.inventoryPort(), "/api/inventory/" + BadInputCorpus.CORPUS_SKU,
                Map.of("Content-Type", "application/json", "Authorization", bearer("adam")),
                HttpRequest.BodyPublishers.ofString("{\"stock\":10}"));
        assertThat(seeded.statusCode()).as(seeded.body()).isEqualTo(200);
        String owner = "customer:" + BadInputCorpus.ORDER_OWNER;
        HttpResponse<String> placed = send("POST", suite.orderPort(), "/api/orders",
                Map.of("Content-Type", "application/json", "Authorization", bearer(owner), "Idempotency-Key", "corpus-owner"),
                HttpRequest.BodyPublishers.ofString("{\"skuId\":" + BadInputCorpus.CORPUS_SKU + ",\"quantity\":1}"));
        assertThat(placed.statusCode()).as(placed.body()).isIn(200, 201);
        anothersOrder = JSON.readTree(placed.body()).path("orderId").asString();
        // paid, so that the unpaid-order timeout never cancels it while the corpus runs (a write of its
        // own); a paid order can still be canceled, so a cancel wrongly let through would write
        HttpResponse<String> paid = send("POST", suite.orderPort(), "/api/orders/" + anothersOrder + "/pay",
                Map.of("Content-Type", "application/json", "Authorization", bearer("payment-provider")),
                HttpRequest.BodyPublishers.ofString("{\"paymentId\":\"corpus-owner\"}"));
        assertThat(paid.statusCode()).as(paid.body()).isEqualTo(200);

        AtomicReference<DatabaseFingerprint> previous = new AtomicReference<>();
        await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500)).until(() -> {
            DatabaseFingerprint now = DatabaseFingerprint.take(db);
            return nothingInFlight() && now.equals(previous.getAndSet(now));
        });
        baseline = previous.get();
        last = baseline;
        log.info("Bad-input corpus: {} cases over {} tables; per endpoint: {}", corpus().size(), baseline.tables().size(),
                corpus().stream().collect(Collectors.groupingBy(c -> c.service() + " " + c.endpoint(), TreeMap::new,
                        Collectors.counting())));
    }

    @AfterAll
    static void closeDatabase() throws SQLException {
        if (db != null) {
            db.close();
        }
    }

    static List<BadInput> corpus() {
        return BadInputCorpus.cases();
    }

    @Order(1)
    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void isRefusedWithItsProblemAndWritesNothing(BadInput input) throws Exception {
        DatabaseFingerprint before = last;

        HttpResponse<String> response = send(input.method(), port(input.service()),
                input.path().replace(BadInputCorpus.ANOTHERS_ORDER, anothersOrder), headers(input), body(input));
        // taken before any assertion, so that a case that fails still leaves the next one its own "before"
        DatabaseFingerprint after = DatabaseFingerprint.take(db);
        last = after;

        assertThat(response.statusCode()).as(response.body()).isEqualTo(input.status());
        assertThat(response.headers().firstValue("Content-Type")).as(response.body())
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        JsonNode problem = JSON.readTree(response.body());
        assertThat(problem.path("type").asString()).as(response.body()).isEqualTo(input.type().toString());
        assertThat(problem.path("title").asString()).as(response.body()).isNotBlank();
        assertThat(problem.path("status").isInt()).as(response.body()).isTrue();
        assertThat(problem.path("status").asInt()).isEqualTo(response.statusCode());
        assertThat(problem.path("detail").asString()).as(response.body()).isNotBlank();
        if (input.field() != null) {
            assertThat(problem.path("invalidParams").findValuesAsString("name")).as(response.body()).contains(input.field());
        }
        if (input.status() == 415 && "Content-Encoding".equals(input.field())) {
            // RFC 9110 §12.5.3: a 415 for a content coding says which codings the server takes
            assertThat(response.headers().firstValue("Accept-Encoding")).hasValue("identity");
        }
        if (input.status() == 401 || input.status() == 403) {
            // every refusal of a caller says what is missing or wrong: the service token on /internal/**,
            // the bearer token (missing, or refused and why) on an act, the roles that may on a 403
            assertThat(input.detail()).as("the corpus names what the detail must say").isNotBlank();
            assertThat(problem.path("detail").asString()).as(response.body()).contains(input.detail());
        }
        if (input.status() == 401 && input.endpoint().contains(" /api/")) {
            // RFC 6750 §3: a resource server's 401 names its scheme, and a refused token is invalid_token
            assertThat(response.headers().firstValue("WWW-Authenticate")).as(response.body())
                    .hasValue(input.detail().contains("was refused") ? "Bearer error=\"invalid_token\"" : "Bearer");
        }
        assertThat(after.tables()).as("tables after the request").containsExactlyInAnyOrderEntriesOf(before.tables());
    }

    @Order(2)
    @Test
    void afterTheCorpusNothingChangedAndEveryServiceStillServes() throws Exception {
        assertThat(DatabaseFingerprint.take(db).tables()).as("tables after the whole corpus")
                .containsExactlyInAnyOrderEntriesOf(baseline.tables());

        for (SuiteService service : SuiteService.values()) {
            int port = suite.managementPort(service);
            HttpResponse<String> health = send("GET", port, "/actuator/health", Map.of(), HttpRequest.BodyPublishers.noBody());
            assertThat(health.statusCode()).as("port %d: %s", port, health.body()).isEqualTo(200);
            assertThat(JSON.readTree(health.body()).path("status").asString()).as("port %d", port).isEqualTo("UP");
        }

        // the other customer's order is as it was: not canceled, paid once, by the owner
        JsonNode owned = JSON.readTree(send("GET", suite.orderPort(), "/api/orders/" + anothersOrder,
                Map.of("Authorization", bearer("customer:" + BadInputCorpus.ORDER_OWNER)), HttpRequest.BodyPublishers.noBody()).body());
        assertThat(owned.path("status").asString()).as(owned.toString()).isEqualTo("PAID");
        assertThat(owned.path("userId").asString()).isEqualTo(Long.toString(BadInputCorpus.ORDER_OWNER));

        String customer = bearer(Identity.CUSTOMER.who);
        HttpResponse<String> placed = send("POST", suite.orderPort(), "/api/orders",
                Map.of("Content-Type", "application/json", "Idempotency-Key", "corpus-after", "Authorization", customer),
                HttpRequest.BodyPublishers.ofString("{\"userId\":1,\"skuId\":" + BadInputCorpus.CORPUS_SKU + ",\"quantity\":1}"));
        assertThat(placed.statusCode()).as(placed.body()).isEqualTo(201);
        String orderId = JSON.readTree(placed.body()).path("orderId").asString();
        assertThat(placed.headers().firstValue("Location")).hasValue("/api/orders/" + orderId);
        // consumed by both services and reconciled: the consumers and the reconcile job kept working too
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            JsonNode order = JSON.readTree(send("GET", suite.orderPort(), "/api/orders/" + orderId,
                    Map.of("Authorization", customer), HttpRequest.BodyPublishers.noBody()).body());
            assertThat(order.path("messageStatus").asString()).isEqualTo("CONSUMED");
            assertThat(order.path("reconcileStatus").asString()).isEqualTo("SUCCESS");
        });
    }

    /** Nothing the suite would still write on its own: no event waiting for reconciliation, no notice being sent. */
    private static boolean nothingInFlight() throws SQLException {
        return count("SELECT COUNT(*) FROM order_db.message_log WHERE reconcile_status IN ('PENDING', 'RETRY')") == 0
                && count("SELECT COUNT(*) FROM notice_db.notice_log WHERE status = 'PROCESSING'") == 0;
    }

    private static long count(String query) throws SQLException {
        try (Statement sql = db.createStatement(); ResultSet rows = sql.executeQuery(query)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** The case's own headers and the credential of the caller it is sent as. */
    private static Map<String, String> headers(BadInput input) {
        Map<String, String> headers = new LinkedHashMap<>(input.headers());
        if (input.as().hasToken()) {
            String real = SharedSuite.token(input.as().who);
            headers.put("Authorization", "Bearer " + (input.forgery() == null ? real : forged.forge(input.forgery(), real)));
        }
        return headers;
    }

    private static String bearer(String who) {
        return "Bearer " + SharedSuite.token(who);
    }

    private static HttpRequest.BodyPublisher body(BadInput input) {
        if (input.body() == null) {
            return HttpRequest.BodyPublishers.noBody();
        }
        // a stream of unknown length goes out chunked, without a Content-Length to refuse it by
        return input.chunked() ? HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(input.body()))
                : HttpRequest.BodyPublishers.ofByteArray(input.body());
    }

    private static HttpResponse<String> send(String method, int port, String path, Map<String, String> headers,
                                             HttpRequest.BodyPublisher body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30)).method(method, body);
        headers.forEach(request::header);
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static int port(BadInput.Service service) {
        return switch (service) {
            case ORDER -> suite.orderPort();
            case INVENTORY -> suite.inventoryPort();
            case NOTICE -> suite.noticePort();
            case RECONCILE -> suite.reconcilePort();
        };
    }
}
