package dev.eventual.order.consumer;

import dev.eventual.common.messaging.InternalAuth;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.test.InfrastructureInitializer;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.order.support.OrderServiceIT;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The internal status-report API: token required, idempotent, monotonic, msg_status derived. */
@OrderServiceIT
class ConsumerStatusIT {

    private static final String INVENTORY = OrderMessaging.INVENTORY_CONSUMER_GROUP;
    private static final String NOTICE = OrderMessaging.NOTICE_CONSUMER_GROUP;
    private static final long CUSTOMER = 88;

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    @Test
    void missingOrWrongTokenIs401AndChangesNothing() {
        String orderId = place();

        HttpCall.Response missing = HttpCall.post(port, path(orderId)).json(report(INVENTORY, "SUCCESS")).send();
        HttpCall.Response wrong = HttpCall.post(port, path(orderId)).header(InternalAuth.TOKEN_HEADER, "guess-guess-guess-guess")
                .json(report(INVENTORY, "SUCCESS")).send();

        assertThat(missing.status()).isEqualTo(401);
        assertThat(missing.contentType()).startsWith("application/problem+json");
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_consumer_status WHERE order_id = ?", Long.class,
                Long.parseLong(orderId))).isZero();
    }

    @Test
    void messageStatusBecomesConsumedWhenEveryGroupSucceededAndLateReportsChangeNothing() {
        String orderId = place();

        assertThat(send(orderId, report(INVENTORY, "PROCESSING")).status()).isEqualTo(204);
        assertThat(send(orderId, report(INVENTORY, "SUCCESS")).status()).isEqualTo(204);
        assertThat(order(orderId).get("messageStatus").asString()).isEqualTo("SENT");

        assertThat(send(orderId, report(NOTICE, "SUCCESS")).status()).isEqualTo(204);
        JsonNode order = order(orderId);
        assertThat(order.get("messageStatus").asString()).isEqualTo("CONSUMED");
        assertThat(order.get("consumers").get("inventory").asString()).isEqualTo("SUCCESS");
        assertThat(order.get("consumers").get("notice").asString()).isEqualTo("SUCCESS");

        // a late PROCESSING and a repeated SUCCESS are accepted and change nothing
        assertThat(send(orderId, report(INVENTORY, "PROCESSING")).status()).isEqualTo(204);
        assertThat(send(orderId, report(NOTICE, "SUCCESS")).status()).isEqualTo(204);
        assertThat(send(orderId, report(NOTICE, "FAIL")).status()).isEqualTo(204);
        order = order(orderId);
        assertThat(order.get("consumers").get("inventory").asString()).isEqualTo("SUCCESS");
        assertThat(order.get("consumers").get("notice").asString()).isEqualTo("SUCCESS");
        assertThat(order.get("messageStatus").asString()).isEqualTo("CONSUMED");
    }

    @Test
    void anyFailMakesTheMessageFailUntilARetrySucceeds() {
        String orderId = place();

        send(orderId, report(NOTICE, "SUCCESS"));
        send(orderId, report(INVENTORY, "FAIL"));
        assertThat(order(orderId).get("messageStatus").asString()).isEqualTo("FAIL");

        send(orderId, report(INVENTORY, "SUCCESS"));
        assertThat(order(orderId).get("messageStatus").asString()).isEqualTo("CONSUMED");
    }

    @Test
    void reportsForUnknownEventsOrGroupsAreRefused() {
        String orderId = place();

        assertThat(send("424242424242", report(INVENTORY, "SUCCESS")).status()).isEqualTo(404);
        assertThat(send(orderId, "{\"eventType\":\"ORDER_CANCELED\",\"consumerGroup\":\"" + INVENTORY
                + "\",\"status\":\"SUCCESS\"}").status()).isEqualTo(404);
        HttpCall.Response unknownGroup = send(orderId, report("someone-else", "SUCCESS"));
        assertThat(unknownGroup.status()).isEqualTo(400);
        assertThat(unknownGroup.json().get("invalidParams").findValuesAsString("name")).contains("consumerGroup");
        HttpCall.Response badStatus = send(orderId, report(INVENTORY, "DONE"));
        assertThat(badStatus.status()).isEqualTo(400);
        assertThat(badStatus.json().get("invalidParams").findValuesAsString("name")).contains("status");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_consumer_status WHERE order_id = ?", Long.class,
                Long.parseLong(orderId))).isZero();
    }

    @Test
    void aBatchReportRecordsEveryKnownOrderOnceAndNamesTheUnknownOnes() {
        String first = place();
        String second = place();
        send(second, report(INVENTORY, "SUCCESS"));

        HttpCall.Response inventory = sendBatch(batch(INVENTORY, "SUCCESS", first, second, "424242424242"));
        HttpCall.Response notice = sendBatch(batch(NOTICE, "SUCCESS", first, second));

        assertThat(inventory.status()).isEqualTo(200);
        assertThat(inventory.json().get("recorded").asInt()).isEqualTo(1);
        assertThat(inventory.json().get("unchanged").asInt()).isEqualTo(1);
        assertThat(inventory.json().get("unknownOrderIds").size()).isEqualTo(1);
        assertThat(inventory.json().get("unknownOrderIds").get(0).asString()).isEqualTo("424242424242");
        assertThat(notice.json().get("recorded").asInt()).isEqualTo(2);
        for (String orderId : new String[] {first, second}) {
            assertThat(order(orderId).get("messageStatus").asString()).isEqualTo("CONSUMED");
        }

        // monotonic as the single report: a late PROCESSING batch changes nothing
        HttpCall.Response late = sendBatch(batch(NOTICE, "PROCESSING", first, second));
        assertThat(late.json().get("recorded").asInt()).isZero();
        assertThat(late.json().get("unchanged").asInt()).isEqualTo(2);
        assertThat(order(first).get("consumers").get("notice").asString()).isEqualTo("SUCCESS");
    }

    @Test
    void aBatchWithAnUnknownGroupOrABadIdOrNoTokenChangesNothing() {
        String orderId = place();

        HttpCall.Response unknownGroup = sendBatch(batch("someone-else", "SUCCESS", orderId));
        HttpCall.Response badId = sendBatch(batch(INVENTORY, "SUCCESS", orderId, "99999999999999999999"));
        HttpCall.Response noToken = HttpCall.post(port, "/internal/orders/consumer-statuses")
                .json(batch(INVENTORY, "SUCCESS", orderId)).send();

        assertThat(unknownGroup.status()).isEqualTo(400);
        assertThat(unknownGroup.json().get("invalidParams").findValuesAsString("name")).contains("consumerGroup");
        assertThat(badId.status()).isEqualTo(400);
        assertThat(badId.json().get("invalidParams").findValuesAsString("name")).contains("orderIds[1]");
        assertThat(noToken.status()).isEqualTo(401);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_consumer_status WHERE order_id = ?", Long.class,
                Long.parseLong(orderId))).isZero();
    }

    @Test
    void aConsumersCoalescedReportsEachKeepTheirOwnOutcome() {
        String succeeded = place();
        String failed = place();
        String alreadyDone = place();
        send(alreadyDone, report(INVENTORY, "SUCCESS"));

        HttpCall.Response answer = sendReports(INVENTORY, entry(succeeded, "ORDER_CREATED", "SUCCESS", "deducted 1"),
                entry(failed, "ORDER_CREATED", "FAIL", "insufficient stock for sku 8"),
                entry(alreadyDone, "ORDER_CREATED", "PROCESSING", "late"),
                entry(succeeded, "ORDER_CANCELED", "SUCCESS", "released 1"),
                entry("424242424242", "ORDER_CREATED", "SUCCESS", null));

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().get("recorded").asInt()).isEqualTo(2);
        assertThat(answer.json().get("unchanged").asInt()).isEqualTo(1);
        // no ORDER_CANCELED event was committed for the first order, and the last order does not exist
        List<String> unknown = new ArrayList<>();
        answer.json().get("unknownOrderIds").forEach(id -> unknown.add(id.asString()));
        assertThat(unknown).containsExactlyInAnyOrder(succeeded, "424242424242");
        assertThat(order(succeeded).get("consumers").get("inventory").asString()).isEqualTo("SUCCESS");
        assertThat(order(failed).get("messageStatus").asString()).isEqualTo("FAIL");
        assertThat(order(alreadyDone).get("consumers").get("inventory").asString()).isEqualTo("SUCCESS");
        assertThat(jdbc.queryForObject("SELECT detail FROM message_consumer_status WHERE order_id = ? AND consumer_group = ?",
                String.class, Long.parseLong(failed), INVENTORY)).isEqualTo("insufficient stock for sku 8");

        sendReports(NOTICE, entry(succeeded, "ORDER_CREATED", "SUCCESS", "sent"), entry(failed, "ORDER_CREATED", "SUCCESS", "sent"));
        assertThat(order(succeeded).get("messageStatus").asString()).isEqualTo("CONSUMED");
        assertThat(order(failed).get("messageStatus").asString()).isEqualTo("FAIL");
    }

    @Test
    void theLastSuccessReportReconcilesTheEventUnlessAReconcileRunHoldsItOrGaveUpOnIt() {
        String fresh = place();
        String retrying = place();
        String claimed = place();
        String workOrder = place();
        String failed = place();
        jdbc.update("UPDATE message_log SET reconcile_status = 'RETRY', retry_count = 2, last_error = 'notice: FAIL'"
                + " WHERE order_id = ?", Long.parseLong(retrying));
        jdbc.update("UPDATE message_log SET claim_token = 'another-run' WHERE order_id = ?", Long.parseLong(claimed));
        jdbc.update("UPDATE message_log SET reconcile_status = 'FAIL' WHERE order_id = ?", Long.parseLong(workOrder));

        sendReports(INVENTORY, entry(fresh, "ORDER_CREATED", "SUCCESS", null), entry(retrying, "ORDER_CREATED", "SUCCESS", null),
                entry(claimed, "ORDER_CREATED", "SUCCESS", null), entry(workOrder, "ORDER_CREATED", "SUCCESS", null),
                entry(failed, "ORDER_CREATED", "FAIL", "insufficient stock"));
        assertThat(reconcileStatus(fresh)).as("one group of two reported").isEqualTo("PENDING");

        sendReports(NOTICE, entry(fresh, "ORDER_CREATED", "SUCCESS", null), entry(retrying, "ORDER_CREATED", "SUCCESS", null),
                entry(claimed, "ORDER_CREATED", "SUCCESS", null), entry(workOrder, "ORDER_CREATED", "SUCCESS", null),
                entry(failed, "ORDER_CREATED", "SUCCESS", null));

        assertThat(reconcileStatus(fresh)).isEqualTo("SUCCESS");
        assertThat(reconcileStatus(retrying)).isEqualTo("SUCCESS");
        assertThat(jdbc.queryForObject("SELECT last_error FROM message_log WHERE order_id = ?", String.class,
                Long.parseLong(retrying))).isNull();
        assertThat(reconcileStatus(claimed)).as("the claiming run finishes it").isEqualTo("PENDING");
        assertThat(reconcileStatus(workOrder)).as("an operator owns it now").isEqualTo("FAIL");
        assertThat(reconcileStatus(failed)).isEqualTo("PENDING");
        for (String consumed : List.of(fresh, retrying, claimed, workOrder)) {
            assertThat(order(consumed).get("messageStatus").asString()).isEqualTo("CONSUMED");
        }
    }

    @Test
    void coalescedReportsWithTwoOutcomesForOneEventOrABadFieldChangeNothing() {
        String orderId = place();

        HttpCall.Response twice = sendReports(INVENTORY, entry(orderId, "ORDER_CREATED", "PROCESSING", null),
                entry(orderId, "ORDER_CREATED", "SUCCESS", null));
        HttpCall.Response badId = sendReports(INVENTORY, entry(orderId, "ORDER_CREATED", "SUCCESS", null),
                entry("0123", "ORDER_CREATED", "SUCCESS", null));
        HttpCall.Response unknownGroup = sendReports("someone-else", entry(orderId, "ORDER_CREATED", "SUCCESS", null));
        HttpCall.Response none = sendReports(INVENTORY);

        assertThat(twice.status()).isEqualTo(400);
        assertThat(twice.json().get("invalidParams").findValuesAsString("name")).contains("reports");
        assertThat(badId.status()).isEqualTo(400);
        assertThat(badId.json().get("invalidParams").findValuesAsString("name")).contains("reports[1].orderId");
        assertThat(unknownGroup.status()).isEqualTo(400);
        assertThat(none.status()).isEqualTo(400);
        assertThat(none.json().get("invalidParams").findValuesAsString("name")).contains("reports");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_consumer_status WHERE order_id = ?", Long.class,
                Long.parseLong(orderId))).isZero();
    }

    private String reconcileStatus(String orderId) {
        return jdbc.queryForObject("SELECT reconcile_status FROM message_log WHERE order_id = ? AND event_type = 'ORDER_CREATED'",
                String.class, Long.parseLong(orderId));
    }

    private HttpCall.Response sendReports(String group, String... entries) {
        return HttpCall.post(port, "/internal/orders/consumer-reports")
                .header(InternalAuth.TOKEN_HEADER, InfrastructureInitializer.TEST_SERVICE_TOKEN)
                .json("{\"consumerGroup\":\"" + group + "\",\"reports\":[" + String.join(",", entries) + "]}").send();
    }

    private static String entry(String orderId, String eventType, String status, String detail) {
        return "{\"orderId\":\"" + orderId + "\",\"eventType\":\"" + eventType + "\",\"status\":\"" + status + "\""
                + (detail == null ? "" : ",\"detail\":\"" + detail + "\"") + "}";
    }

    private HttpCall.Response sendBatch(String body) {
        return HttpCall.post(port, "/internal/orders/consumer-statuses")
                .header(InternalAuth.TOKEN_HEADER, InfrastructureInitializer.TEST_SERVICE_TOKEN).json(body).send();
    }

    private static String batch(String group, String status, String... orderIds) {
        return "{\"eventType\":\"ORDER_CREATED\",\"consumerGroup\":\"" + group + "\",\"status\":\"" + status
                + "\",\"orderIds\":[\"" + String.join("\",\"", orderIds) + "\"]}";
    }

    private HttpCall.Response send(String orderId, String body) {
        return HttpCall.post(port, path(orderId)).header(InternalAuth.TOKEN_HEADER, InfrastructureInitializer.TEST_SERVICE_TOKEN)
                .json(body).send();
    }

    /** The order as its customer reads it. */
    private JsonNode order(String orderId) {
        HttpCall.Response response = HttpCall.get(port, "/api/orders/" + orderId).bearer(tokens.customer(CUSTOMER)).send();
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    private String place() {
        return HttpCall.post(port, "/api/orders").bearer(tokens.customer(CUSTOMER))
                .json("{\"userId\":" + CUSTOMER + ",\"skuId\":8,\"quantity\":1}").send().json().get("orderId").asString();
    }

    private static String path(String orderId) {
        return "/internal/orders/" + orderId + "/consumer-status";
    }

    private static String report(String group, String status) {
        return "{\"eventType\":\"ORDER_CREATED\",\"consumerGroup\":\"" + group + "\",\"status\":\"" + status
                + "\",\"detail\":\"from a test\"}";
    }
}
