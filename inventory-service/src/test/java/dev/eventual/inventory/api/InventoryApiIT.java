package dev.eventual.inventory.api;

import dev.eventual.common.api.RedriveBatch;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.inventory.InventoryServiceApplication;
import dev.eventual.inventory.deduct.OrderEventHandler;
import dev.eventual.inventory.support.Events;
import dev.eventual.inventory.support.InventoryServiceIT;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The public stock API (as the admin) and the internal status / retries / releases API (service token), over
 * real HTTP. Who may read and set stock is InventoryRolesIT's.
 */
@InventoryServiceIT
class InventoryApiIT {

    private static final String RETRIES = "/internal/inventory/retries";
    private static final String RELEASES = "/internal/inventory/releases";


    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    @LocalServerPort
    int port;

    @Autowired
    OrderEventHandler handler;

    @Autowired
    JdbcTemplate jdbc;

    @Value("${spring.application.name}")
    String applicationName;

    @Test
    void readsItsOwnConfigurationFile() {
        assertThat(applicationName).isEqualTo(InventoryServiceApplication.CONFIG_NAME);
    }

    @ParameterizedTest(name = "{0} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "negative stock          | {\"stock\":-1}          | 400 | stock",
            "stock above the maximum | {\"stock\":1000000001}  | 400 | stock",
            "missing stock           | {}                      | 400 | stock",
            "text stock              | {\"stock\":\"many\"}    | 400 | stock",
            "fractional stock        | {\"stock\":1.5}         | 400 | stock",
            "malformed JSON          | {\"stock\":             | 400 | "})
    void badStockIsRefusedAndNothingChanges(String name, String body, int status, String field) {
        long sku = Events.newSku();

        HttpCall.Response response = put(sku, body);

        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        if (field != null) {
            assertThat(response.json().get("invalidParams").findValuesAsString("name")).contains(field);
        }
        assertThat(stockOf(sku).status()).isEqualTo(404);
    }

    @Test
    void batchStatusAnswersEveryRequestedOrder() {
        long sku = Events.newSku();
        put(sku, "{\"stock\":1}");
        var deducted = Events.created(sku, 1);
        var failed = Events.created(sku, 1);
        var released = Events.created(sku, 1);
        handler.onCreated(deducted, false);
        handler.onCreated(failed, false);
        handler.onCanceled(Events.canceled(released));

        JsonNode statuses = status("{\"orderIds\":[\"" + deducted.orderId() + "\",\"" + failed.orderId() + "\",\""
                + released.orderId() + "\",\"123\"]}", tokens.reconcile()).json().get("statuses");

        assertThat(statuses.get(Long.toString(deducted.orderId())).asString()).isEqualTo("SUCCESS");
        assertThat(statuses.get(Long.toString(failed.orderId())).asString()).isEqualTo("FAIL");
        assertThat(statuses.get(Long.toString(released.orderId())).asString()).isEqualTo("RELEASED");
        assertThat(statuses.get("123").asString()).isEqualTo("NOT_FOUND");
    }

    @Test
    void retryReattemptsAFailOnceStockArrivesAndIsIdempotent() {
        long sku = Events.newSku();
        put(sku, "{\"stock\":0}");
        var order = Events.created(sku, 2);
        handler.onCreated(order, false);
        String body = "{\"schemaVersion\":1,\"orderId\":" + order.orderId() + ",\"userId\":7,\"skuId\":" + sku
                + ",\"quantity\":2}";

        assertThat(redriveOne(RETRIES, body).get("status").asString()).isEqualTo("FAIL");
        put(sku, "{\"stock\":5}");
        assertThat(redriveOne(RETRIES, body).get("status").asString()).isEqualTo("SUCCESS");
        assertThat(redriveOne(RETRIES, body).get("status").asString()).isEqualTo("SUCCESS");
        assertThat(stockOf(sku).json().get("stock").asInt()).isEqualTo(3);

        assertThat(redriveOne(RELEASES, body).get("status").asString()).isEqualTo("RELEASED");
        assertThat(redriveOne(RELEASES, body).get("status").asString()).isEqualTo("RELEASED");
        assertThat(stockOf(sku).json().get("stock").asInt()).isEqualTo(5);
    }

    @Test
    void retryOfAnOrderNeverSeenProcessesIt() {
        long sku = Events.newSku();
        put(sku, "{\"stock\":2}");
        long orderId = Events.created(sku, 1).orderId();

        // placed just now: an order born beyond the retention, or at no stated time, is refused (docs/retention.md)
        JsonNode result = redriveOne(RETRIES, "{\"schemaVersion\":1,\"orderId\":" + orderId
                + ",\"userId\":7,\"skuId\":" + sku + ",\"quantity\":1,\"createdAt\":\"" + Instant.now() + "\"}");

        assertThat(result.get("status").asString()).isEqualTo("SUCCESS");
        assertThat(result.get("orderId").asString()).isEqualTo(Long.toString(orderId));
    }

    /**
     * The reconcile job may re-drive with the payload stored for the broker as it is: ids as strings,
     * and fields a newer order-service added, which this (older) reader ignores as it does on the broker.
     */
    @Test
    void retryAndReleaseTakeTheEventAsTheBrokerCarriesIt() {
        long sku = Events.newSku();
        put(sku, "{\"stock\":4}");
        OrderCreatedEvent created = Events.created(sku, 3);
        String createdJson = newerProducer(OrderEvents.toJson(created));
        assertThat(createdJson).contains("\"orderId\":\"" + created.orderId() + "\"", "\"skuId\":\"" + sku + "\"");

        JsonNode retried = redriveOne(RETRIES, createdJson);

        assertThat(retried.get("status").asString()).isEqualTo("SUCCESS");
        assertThat(stockOf(sku).json().get("stock").asInt()).isEqualTo(1);

        JsonNode released = redriveOne(RELEASES, newerProducer(OrderEvents.toJson(Events.canceled(created))));

        assertThat(released.get("status").asString()).isEqualTo("RELEASED");
        assertThat(stockOf(sku).json().get("stock").asInt()).isEqualTo(4);
    }

    @ParameterizedTest(name = "{0} -> {3}")
    @CsvSource(delimiter = '|', value = {
            "no token                | /internal/inventory/status  | {\"orderIds\":[\"1\"]}                 | 401 | ",
            "notice-service's client | /internal/inventory/status  | {\"orderIds\":[\"1\"]}                 | 403 | ",
            "notice-service's client | /internal/inventory/retries | {\"events\":[{\"schemaVersion\":1,\"orderId\":1,\"userId\":1,\"skuId\":1,\"quantity\":1}]} | 403 | ",
            "payment provider's client | /internal/inventory/releases | {\"events\":[{\"schemaVersion\":1,\"orderId\":1,\"userId\":1,\"skuId\":1,\"quantity\":1}]} | 403 | ",
            "empty id list           | /internal/inventory/status  | {\"orderIds\":[]}                      | 400 | orderIds",
            "non-numeric id          | /internal/inventory/status  | {\"orderIds\":[\"x\"]}                 | 400 | orderIds[0]",
            "negative id             | /internal/inventory/status  | {\"orderIds\":[\"-4\"]}                | 400 | orderIds[0]",
            "missing list            | /internal/inventory/status  | {}                                     | 400 | orderIds",
            "malformed JSON          | /internal/inventory/status  | {\"orderIds\":[                        | 400 | ",
            "retry without order id  | /internal/inventory/retries | {\"events\":[{\"schemaVersion\":1,\"userId\":1,\"skuId\":1,\"quantity\":1}]} | 400 | events[0].orderId",
            "retry with zero quantity| /internal/inventory/retries | {\"events\":[{\"schemaVersion\":1,\"orderId\":1,\"userId\":1,\"skuId\":1,\"quantity\":0}]} | 400 | events[0].quantity",
            "release without sku     | /internal/inventory/releases | {\"events\":[{\"schemaVersion\":1,\"orderId\":1,\"userId\":1,\"quantity\":1}]} | 400 | events[0].skuId",
            "retry with text id      | /internal/inventory/retries | {\"events\":[{\"schemaVersion\":1,\"orderId\":\"x\",\"userId\":1,\"skuId\":1,\"quantity\":1}]} | 400 | events[0].orderId",
            "retry with id \"007\"     | /internal/inventory/retries | {\"events\":[{\"schemaVersion\":1,\"orderId\":\"007\",\"userId\":1,\"skuId\":1,\"quantity\":1}]} | 400 | events[0].orderId",
            "status with unknown field| /internal/inventory/status  | {\"orderIds\":[\"1\"],\"orderId\":\"1\"}  | 400 | orderId"})
    void badInternalCallsAreRefusedAndWriteNothing(String name, String path, String body, int status, String field) {
        long before = jdbc.queryForObject("SELECT COUNT(*) FROM inventory_deduct_log", Long.class);

        String token = switch (name) {
            case "no token" -> null;
            // a service's credential opens only its own acts: these are reconcile-job's
            case "notice-service's client" -> tokens.reporter(OrderMessaging.NOTICE_CONSUMER_GROUP);
            case "payment provider's client" -> tokens.payment();
            default -> tokens.reconcile();
        };
        HttpCall.Response response = internal(path, body, token);

        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        if (field != null) {
            assertThat(response.json().get("invalidParams").findValuesAsString("name")).as(response.body()).contains(field);
        }
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM inventory_deduct_log", Long.class)).isEqualTo(before);
    }

    @Test
    void batchesAreLimitedToFiveHundredIds() {
        String ids = IntStream.rangeClosed(1, 501).mapToObj(i -> "\"" + i + "\"").collect(Collectors.joining(","));

        HttpCall.Response response = status("{\"orderIds\":[" + ids + "]}", tokens.reconcile());

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("invalidParams").findValuesAsString("name")).contains("orderIds");
    }

    /** The same event with a field this reader does not know, as a newer producer might add. */
    @Test
    void batchRetriesAndReleasesAnswerEachEventInOrderAndApplyEachOnce() {
        long sku = Events.newSku();
        put(sku, "{\"stock\":5}");
        OrderCreatedEvent first = Events.created(sku, 3);
        OrderCreatedEvent tooMuch = Events.created(sku, 3);
        String events = "{\"events\":[" + OrderEvents.toJson(first) + "," + OrderEvents.toJson(tooMuch) + ","
                + OrderEvents.toJson(first) + "]}";

        HttpCall.Response retried = internal("/internal/inventory/retries", events, tokens.reconcile());

        assertThat(retried.status()).as(retried.body()).isEqualTo(200);
        List<String> statuses = new ArrayList<>();
        retried.json().get("results").forEach(result -> statuses.add(result.get("orderId").asString() + " "
                + result.get("status").asString()));
        assertThat(statuses).containsExactly(first.orderId() + " SUCCESS", tooMuch.orderId() + " FAIL",
                first.orderId() + " SUCCESS");
        assertThat(stockOf(sku).json().get("stock").asInt()).isEqualTo(2);

        HttpCall.Response released = internal("/internal/inventory/releases", "{\"events\":["
                + OrderEvents.toJson(Events.canceled(first)) + "," + OrderEvents.toJson(Events.canceled(first)) + "]}", tokens.reconcile());

        assertThat(released.status()).as(released.body()).isEqualTo(200);
        assertThat(released.json().get("results").get(0).get("status").asString()).isEqualTo("RELEASED");
        assertThat(released.json().get("results").get(1).get("status").asString()).isEqualTo("RELEASED");
        assertThat(stockOf(sku).json().get("stock").asInt()).isEqualTo(5);
    }

    @Test
    void aBatchWithABadEventOrNoEventsIsRefusedWhole() {
        long sku = Events.newSku();
        put(sku, "{\"stock\":5}");
        OrderCreatedEvent good = Events.created(sku, 1);
        String bad = OrderEvents.toJson(new OrderCreatedEvent(1, Events.created(sku, 1).orderId(), 1, sku, 0,
                java.time.Instant.EPOCH));

        HttpCall.Response refused = internal("/internal/inventory/retries",
                "{\"events\":[" + OrderEvents.toJson(good) + "," + bad + "]}", tokens.reconcile());
        HttpCall.Response empty = internal("/internal/inventory/retries", "{\"events\":[]}", tokens.reconcile());

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("invalidParams").findValuesAsString("name")).contains("events[1].quantity");
        assertThat(empty.status()).isEqualTo(400);
        assertThat(empty.json().get("invalidParams").findValuesAsString("name")).contains("events");
        assertThat(stockOf(sku).json().get("stock").asInt()).isEqualTo(5);
    }

    @Test
    void aBatchOverTheCapIsRefusedAndNothingOfItApplied() {
        long sku = Events.newSku();
        put(sku, "{\"stock\":1000}");
        String events = IntStream.rangeClosed(0, RedriveBatch.MAX_EVENTS)
                .mapToObj(i -> OrderEvents.toJson(Events.created(sku, 1))).collect(Collectors.joining(","));

        HttpCall.Response refused = internal("/internal/inventory/retries", "{\"events\":[" + events + "]}", tokens.reconcile());

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().get("invalidParams").findValuesAsString("name")).contains("events");
        assertThat(stockOf(sku).json().get("stock").asInt()).isEqualTo(1000);
    }

    private static String newerProducer(String json) {
        return json.substring(0, json.length() - 1) + ",\"channel\":\"web\",\"lines\":[{\"skuId\":\"1\"}]}";
    }

    private HttpCall.Response put(long sku, String body) {
        return HttpCall.put(port, "/api/inventory/" + sku).bearer(tokens.admin()).json(body).send();
    }

    private HttpCall.Response stockOf(long sku) {
        return HttpCall.get(port, "/api/inventory/" + sku).bearer(tokens.operator()).send();
    }

    private HttpCall.Response status(String body, String token) {
        return internal("/internal/inventory/status", body, token);
    }

    /** Re-drives one event as a batch of one, the reconcile job's smallest page: its result. */
    private JsonNode redriveOne(String path, String event) {
        HttpCall.Response response = internal(path, "{\"events\":[" + event + "]}", tokens.reconcile());
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.json().get("results")).hasSize(1);
        return response.json().get("results").get(0);
    }

    private HttpCall.Response internal(String path, String body, String token) {
        HttpCall call = HttpCall.post(port, path).json(body);
        if (token != null) {
            call.bearer(token);
        }
        return call.send();
    }
}
