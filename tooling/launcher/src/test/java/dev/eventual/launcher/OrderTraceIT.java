package dev.eventual.launcher;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.test.HttpCall;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * One order followed through every hop by the trace id its client chose (docs/tracing.md): placed over
 * HTTP, its half message consumed by inventory (which cannot deduct: an unknown SKU) and notice, their
 * reports, the reconcile job's re-drives and the work order it opens, and the operator's action on it.
 * Every log line about the order, in all four services, carries that trace id and the order's id; so
 * do the reconcile job's report of the consumers' statuses after a work order's RETRY and order-service's
 * record of it.
 */
class OrderTraceIT {

    private static final String UNKNOWN_SKU = "4242";
    private static final SecureRandom RANDOM = new SecureRandom();
    /** alice (customer 1) places and reads the orders: no synthetic customer has a named one's id. */
    private static final String CUSTOMER = "alice";
    private static final Map<String, String> SERVICES = Map.of(
            "dev.eventual.order.", "order-service",
            "dev.eventual.inventory.", "inventory-service",
            "dev.eventual.notice.", "notice-service",
            "dev.eventual.reconcile.", "reconcile-job");

    private final Queue<ILoggingEvent> lines = new ConcurrentLinkedQueue<>();
    private final AppenderBase<ILoggingEvent> capture = new AppenderBase<>() {
        @Override
        protected void append(ILoggingEvent event) {
            event.prepareForDeferredProcessing();
            lines.add(event);
        }
    };
    private LocalSuite suite;

    @BeforeEach
    void captureLogs() {
        suite = SharedSuite.get();
        capture.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        capture.start();
        root().addAppender(capture);
    }

    @AfterEach
    void stopCapturing() {
        root().detachAppender(capture);
        capture.stop();
    }

    @Test
    void theClientsTraceIdIsInEveryServicesLinesAboutTheOrder() {
        String traceId = newTraceId();
        String orderId = placeInTrace(traceId, UNKNOWN_SKU);

        // inventory refuses, reconciliation re-drives it (twice in this suite) and opens a work order
        await().atMost(Duration.ofSeconds(90)).until(() -> "FAIL".equals(order(orderId).get("reconcileStatus").asString()));
        HttpCall.Response closed = resolve(orderId, "CLOSE");
        assertThat(closed.status()).as(closed.body()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(inTrace(traceId))
                .anyMatch(line -> line.getFormattedMessage().contains("resolved with CLOSE")));
        List<ILoggingEvent> traced = inTrace(traceId);
        assertThat(traced).allSatisfy(line -> assertThat(line.getMDCPropertyMap()).containsEntry("orderId", orderId));
        assertThat(traced.stream().map(OrderTraceIT::service).collect(Collectors.toSet()))
                .containsAll(Set.copyOf(SERVICES.values()));
        assertThat(messagesOf(traced, "order-service")).anyMatch(line -> line.contains(" placed for user "))
                .anyMatch(line -> line.contains("reported FAIL for ORDER_CREATED"));
        assertThat(messagesOf(traced, "notice-service")).anyMatch(line -> line.contains("notice sent"));
        // the first delivery, then each of the reconcile job's re-drives
        assertThat(messagesOf(traced, "inventory-service")).filteredOn(line -> line.contains("-> FAIL (unknown sku"))
                .hasSizeGreaterThanOrEqualTo(2);
        assertThat(messagesOf(traced, "reconcile-job")).anyMatch(line -> line.contains("REDRIVE_INVENTORY -> FAIL"))
                .anyMatch(line -> line.contains("handed to work order"))
                // the operator who resolved it is the one signed in
                .anyMatch(line -> line.contains("resolved with CLOSE by olga"));

        // every line that names the order by its id carries its trace
        assertThat(lines).filteredOn(line -> SERVICES.keySet().stream().anyMatch(line.getLoggerName()::startsWith))
                .filteredOn(line -> line.getFormattedMessage().startsWith("Order " + orderId))
                .isNotEmpty()
                .allSatisfy(line -> assertThat(line.getMDCPropertyMap()).containsEntry("traceId", traceId));
    }

    /**
     * After a work order's RETRY the re-drive deducts and the reconcile job reports the consumers'
     * statuses on their behalf: that repair's lines and order-service's record of it are in the order's
     * trace. The notice's own report is taken away first (as if it was lost), so that the repair is what
     * tells order-service, not a report racing it.
     */
    @Test
    void theStatusRepairAfterARetryIsInTheOrdersTraceOnBothSides() throws Exception {
        String traceId = newTraceId();
        String sku = Long.toString(ThreadLocalRandom.current().nextLong(5_000_000, 6_000_000));
        String orderId = placeInTrace(traceId, sku);
        await().atMost(Duration.ofSeconds(90)).until(() -> "FAIL".equals(order(orderId).get("reconcileStatus").asString()));
        try (Connection db = DriverManager.getConnection(suite.database().jdbcUrl("order_db"), suite.database().username(),
                suite.database().password()); Statement sql = db.createStatement()) {
            assertThat(sql.executeUpdate("DELETE FROM message_consumer_status WHERE order_id = " + orderId
                    + " AND consumer_group = '" + OrderMessaging.NOTICE_CONSUMER_GROUP + "'")).isEqualTo(1);
        }
        HttpCall.Response stocked = HttpCall.put(suite.inventoryPort(), "/api/inventory/" + sku)
                .bearer(SharedSuite.token("adam")).json("{\"stock\":5}").send();
        assertThat(stocked.status()).as(stocked.body()).isEqualTo(200);
        lines.clear();

        HttpCall.Response retried = resolve(orderId, "RETRY");

        assertThat(retried.status()).as(retried.body()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(60)).until(() -> "SUCCESS".equals(order(orderId).get("reconcileStatus").asString()));
        assertThat(order(orderId).get("consumers").get("notice").asString()).isEqualTo("SUCCESS");
        assertThat(aboutOrder(orderId, "reconcile-job")).filteredOn(line -> line.getFormattedMessage()
                        .contains("statuses recorded on their behalf")).hasSize(1)
                .allSatisfy(line -> assertInTrace(line, traceId, orderId));
        // only the repair tells order-service about the notice now
        assertThat(aboutOrder(orderId, "order-service")).filteredOn(line -> line.getFormattedMessage()
                        .contains(OrderMessaging.NOTICE_CONSUMER_GROUP + " reported SUCCESS for ORDER_CREATED")).hasSize(1)
                .allSatisfy(line -> assertInTrace(line, traceId, orderId));
    }

    private static void assertInTrace(ILoggingEvent line, String traceId, String orderId) {
        assertThat(line.getMDCPropertyMap()).as(line.getFormattedMessage()).containsEntry("traceId", traceId)
                .containsEntry("orderId", orderId);
    }

    /** The service's captured lines that name the order. */
    private List<ILoggingEvent> aboutOrder(String orderId, String service) {
        return lines.stream().filter(line -> service.equals(service(line)))
                .filter(line -> line.getFormattedMessage().startsWith("Order " + orderId)).toList();
    }

    private static String newTraceId() {
        return HexFormat.of().formatHex(RANDOM.generateSeed(16));
    }

    /** Places an order with a client's {@code traceparent} of that trace; inventory does not know the SKU yet. */
    private String placeInTrace(String traceId, String sku) {
        String traceparent = "00-" + traceId + "-" + HexFormat.of().formatHex(RANDOM.generateSeed(8)) + "-01";
        HttpCall.Response placed = HttpCall.post(suite.orderPort(), "/api/orders").header("traceparent", traceparent)
                .bearer(SharedSuite.token(CUSTOMER)).json("{\"userId\":1,\"skuId\":" + sku + ",\"quantity\":1}").send();
        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
        return placed.json().get("orderId").asString();
    }

    private HttpCall.Response resolve(String orderId, String action) {
        // the operator olga works the queue, signed in as herself
        JsonNode page = HttpCall.get(suite.reconcilePort(), "/api/work-orders?orderId=" + orderId)
                .bearer(SharedSuite.token("olga")).send().json();
        String workOrderId = page.get("items").get(0).get("id").asString();
        return HttpCall.post(suite.reconcilePort(), "/api/work-orders/" + workOrderId + "/resolve")
                .bearer(SharedSuite.token("olga"))
                .json("{\"action\":\"" + action + "\",\"note\":\"from OrderTraceIT\"}").send();
    }

    private List<ILoggingEvent> inTrace(String traceId) {
        return lines.stream().filter(line -> traceId.equals(line.getMDCPropertyMap().get("traceId"))).toList();
    }

    private static List<String> messagesOf(List<ILoggingEvent> lines, String service) {
        return lines.stream().filter(line -> service.equals(service(line))).map(ILoggingEvent::getFormattedMessage).toList();
    }

    private static String service(ILoggingEvent line) {
        return SERVICES.entrySet().stream().filter(prefix -> line.getLoggerName().startsWith(prefix.getKey()))
                .map(Map.Entry::getValue).findFirst().orElse("other");
    }

    private JsonNode order(String orderId) {
        return HttpCall.get(suite.orderPort(), "/api/orders/" + orderId).bearer(SharedSuite.token(CUSTOMER)).send().json();
    }

    private static Logger root() {
        return ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    }
}
