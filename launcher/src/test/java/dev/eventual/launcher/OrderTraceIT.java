package dev.eventual.launcher;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import dev.eventual.infra.test.HttpCall;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * One order followed through every hop by the trace id its client chose (docs/tracing.md): placed over
 * HTTP, its half message consumed by inventory (which cannot deduct: an unknown SKU) and notice, their
 * reports, the reconcile job's re-drives and the work order it opens, and the operator's action on it.
 * Every log line about the order, in all four services, carries that trace id and the order's id.
 */
class OrderTraceIT {

    private static final String UNKNOWN_SKU = "4242";
    /** Customer 1 places and reads the order. */
    private static final String CUSTOMER = "customer:1";
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
        SecureRandom random = new SecureRandom();
        String traceId = HexFormat.of().formatHex(random.generateSeed(16));
        String traceparent = "00-" + traceId + "-" + HexFormat.of().formatHex(random.generateSeed(8)) + "-01";

        HttpCall.Response placed = HttpCall.post(suite.orderPort(), "/api/orders").header("traceparent", traceparent)
                .bearer(SharedSuite.token(CUSTOMER)).json("{\"userId\":1,\"skuId\":" + UNKNOWN_SKU + ",\"quantity\":1}").send();
        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
        String orderId = placed.json().get("orderId").asString();

        // inventory refuses, reconciliation re-drives it (twice in this suite) and opens a work order
        await().atMost(Duration.ofSeconds(90)).until(() -> "FAIL".equals(order(orderId).get("reconcileStatus").asString()));
        // the operator olga works the queue, signed in as herself
        HttpCall.Response page = HttpCall.get(suite.reconcilePort(), "/api/work-orders?orderId=" + orderId)
                .bearer(SharedSuite.token("olga")).send();
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        String workOrderId = page.json().get("items").get(0).get("id").asString();
        HttpCall.Response closed = HttpCall.post(suite.reconcilePort(), "/api/work-orders/" + workOrderId + "/resolve")
                .bearer(SharedSuite.token("olga")).json("{\"action\":\"CLOSE\",\"note\":\"from OrderTraceIT\"}").send();
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
        HttpCall.Response order = HttpCall.get(suite.orderPort(), "/api/orders/" + orderId).bearer(SharedSuite.token(CUSTOMER)).send();
        assertThat(order.status()).as(order.body()).isEqualTo(200);
        return order.json();
    }

    private static Logger root() {
        return ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    }
}
