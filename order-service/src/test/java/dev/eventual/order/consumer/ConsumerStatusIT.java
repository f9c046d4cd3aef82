package dev.eventual.order.consumer;

import dev.eventual.common.messaging.OrderMessaging;
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
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The consumers' internal report API: token required, idempotent, monotonic, msg_status derived. */
@OrderServiceIT
class ConsumerStatusIT {

    private static final String INVENTORY = OrderMessaging.INVENTORY_CONSUMER_GROUP;
    private static final String NOTICE = OrderMessaging.NOTICE_CONSUMER_GROUP;
    private static final long CUSTOMER = 88;
    private static final String REPORTS = "/internal/orders/consumer-reports";

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    @Test
    void missingOrWrongTokenIs401AndChangesNothing() {
        String orderId = place();
        String body = reports(INVENTORY, entry(orderId, "ORDER_CREATED", "SUCCESS", null));

        HttpCall.Response missing = HttpCall.post(port, REPORTS).json(body).send();
        HttpCall.Response oldHeader = HttpCall.post(port, REPORTS).header("X-Eventual-Service-Token", "guess-guess-guess-guess")
                .json(body).send();
        HttpCall.Response forged = HttpCall.post(port, REPORTS).bearer("eyJhbGciOiJub25lIn0.eyJzY29wZSI6WyJvcmRlcnMucmVwb3J0LmludmVudG9yeSJdfQ.")
                .json(body).send();

        assertThat(missing.status()).isEqualTo(401);
        assertThat(missing.contentType()).startsWith("application/problem+json");
        assertThat(oldHeader.status()).isEqualTo(401);
        assertThat(forged.status()).isEqualTo(401);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_consumer_status WHERE order_id = ?", Long.class,
                Long.parseLong(orderId))).isZero();
    }

    @Test
    void messageStatusBecomesConsumedWhenEveryGroupSucceededAndLateReportsChangeNothing() {
        String orderId = place();

        assertThat(report(orderId, INVENTORY, "PROCESSING").status()).isEqualTo(200);
        assertThat(report(orderId, INVENTORY, "SUCCESS").status()).isEqualTo(200);
        assertThat(order(orderId).get("messageStatus").asString()).isEqualTo("SENT");

        assertThat(report(orderId, NOTICE, "SUCCESS").status()).isEqualTo(200);
        JsonNode order = order(orderId);
        assertThat(order.get("messageStatus").asString()).isEqualTo("CONSUMED");
        assertThat(order.get("consumers").get("inventory").asString()).isEqualTo("SUCCESS");
        assertThat(order.get("consumers").get("notice").asString()).isEqualTo("SUCCESS");

        // a late PROCESSING, a repeated SUCCESS and a late FAIL are accepted and change nothing
        for (HttpCall.Response late : List.of(report(orderId, INVENTORY, "PROCESSING"), report(orderId, NOTICE, "SUCCESS"),
                report(orderId, NOTICE, "FAIL"))) {
            assertThat(late.status()).isEqualTo(200);
            assertThat(late.json().get("recorded").asInt()).isZero();
            assertThat(late.json().get("unchanged").asInt()).isEqualTo(1);
        }
        order = order(orderId);
        assertThat(order.get("consumers").get("inventory").asString()).isEqualTo("SUCCESS");
        assertThat(order.get("consumers").get("notice").asString()).isEqualTo("SUCCESS");
        assertThat(order.get("messageStatus").asString()).isEqualTo("CONSUMED");
    }

    @Test
    void anyFailMakesTheMessageFailUntilARetrySucceeds() {
        String orderId = place();

        report(orderId, NOTICE, "SUCCESS");
        report(orderId, INVENTORY, "FAIL");
        assertThat(order(orderId).get("messageStatus").asString()).isEqualTo("FAIL");

        report(orderId, INVENTORY, "SUCCESS");
        assertThat(order(orderId).get("messageStatus").asString()).isEqualTo("CONSUMED");
    }

    @Test
    void aServiceReportsForItsOwnConsumerGroupOnly() {
        String orderId = place();
        String inventorysSuccess = reports(INVENTORY, entry(orderId, "ORDER_CREATED", "SUCCESS", null));

        // notice-service's client saying stock was taken, and a person's token: neither is inventory-service
        HttpCall.Response notice = HttpCall.post(port, REPORTS).bearer(tokens.reporter(NOTICE)).json(inventorysSuccess).send();
        HttpCall.Response reconcile = HttpCall.post(port, REPORTS).bearer(tokens.reconcile()).json(inventorysSuccess).send();
        HttpCall.Response admin = HttpCall.post(port, REPORTS).bearer(tokens.admin()).json(inventorysSuccess).send();

        assertThat(notice.status()).as(notice.body()).isEqualTo(403);
        assertThat(notice.json().get("detail").asString())
                .isEqualTo("client notice-service may not report for consumer group " + INVENTORY + " (that needs scope orders.report.inventory)");
        assertThat(reconcile.status()).as(reconcile.body()).isEqualTo(403);
        assertThat(admin.status()).as(admin.body()).isEqualTo(403);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_consumer_status WHERE order_id = ?", Long.class,
                Long.parseLong(orderId))).isZero();
        assertThat(HttpCall.post(port, REPORTS).bearer(tokens.reporter(INVENTORY)).json(inventorysSuccess).send().status())
                .isEqualTo(200);
    }

    @Test
    void reportsForUnknownEventsAreNamedAndUnknownGroupsOrStatusesRefused() {
        String orderId = place();

        HttpCall.Response unknown = sendReports(INVENTORY, entry("424242424242", "ORDER_CREATED", "SUCCESS", null),
                entry(orderId, "ORDER_CANCELED", "SUCCESS", null));
        assertThat(unknown.status()).isEqualTo(200);
        assertThat(unknown.json().get("recorded").asInt()).isZero();
        List<String> named = new ArrayList<>();
        unknown.json().get("unknownOrderIds").forEach(id -> named.add(id.asString()));
        assertThat(named).containsExactlyInAnyOrder("424242424242", orderId);
        HttpCall.Response unknownGroup = report(orderId, "someone-else", "SUCCESS");
        assertThat(unknownGroup.status()).isEqualTo(400);
        assertThat(unknownGroup.json().get("invalidParams").findValuesAsString("name")).contains("consumerGroup");
        HttpCall.Response badStatus = report(orderId, INVENTORY, "DONE");
        assertThat(badStatus.status()).isEqualTo(400);
        assertThat(badStatus.json().get("invalidParams").findValuesAsString("name")).contains("reports[0].status");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_consumer_status WHERE order_id = ?", Long.class,
                Long.parseLong(orderId))).isZero();
    }

    @Test
    void manyReportsRecordEveryKnownOrderOnceAndNameTheUnknownOnes() {
        String first = place();
        String second = place();
        report(second, INVENTORY, "SUCCESS");

        HttpCall.Response inventory = sendReports(INVENTORY, created(first, "SUCCESS"), created(second, "SUCCESS"),
                created("424242424242", "SUCCESS"));
        HttpCall.Response notice = sendReports(NOTICE, created(first, "SUCCESS"), created(second, "SUCCESS"));

        assertThat(inventory.status()).isEqualTo(200);
        assertThat(inventory.json().get("recorded").asInt()).isEqualTo(1);
        assertThat(inventory.json().get("unchanged").asInt()).isEqualTo(1);
        assertThat(inventory.json().get("unknownOrderIds").size()).isEqualTo(1);
        assertThat(inventory.json().get("unknownOrderIds").get(0).asString()).isEqualTo("424242424242");
        assertThat(notice.json().get("recorded").asInt()).isEqualTo(2);
        for (String orderId : new String[] {first, second}) {
            assertThat(order(orderId).get("messageStatus").asString()).isEqualTo("CONSUMED");
        }

        // monotonic: late PROCESSING reports change nothing
        HttpCall.Response late = sendReports(NOTICE, created(first, "PROCESSING"), created(second, "PROCESSING"));
        assertThat(late.json().get("recorded").asInt()).isZero();
        assertThat(late.json().get("unchanged").asInt()).isEqualTo(2);
        assertThat(order(first).get("consumers").get("notice").asString()).isEqualTo("SUCCESS");
    }

    @Test
    void aReportWithAMalformedTraceparentChangesNothingAndATracedOneIsRecorded() {
        String orderId = place();
        String other = place();
        String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

        HttpCall.Response malformed = sendReports(NOTICE, traced(orderId, "00-not-a-trace-01"), created(other, "SUCCESS"));

        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.json().get("invalidParams").findValuesAsString("name")).contains("reports[0].traceparent");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_consumer_status WHERE order_id IN (?, ?)", Long.class,
                Long.parseLong(orderId), Long.parseLong(other))).isZero();

        HttpCall.Response traced = sendReports(NOTICE, traced(orderId, traceparent), created(other, "SUCCESS"));
        assertThat(traced.status()).isEqualTo(200);
        assertThat(traced.json().get("recorded").asInt()).isEqualTo(2);
    }

    @Test
    void aConsumersCoalescedReportsEachKeepTheirOwnOutcome() {
        String succeeded = place();
        String failed = place();
        String alreadyDone = place();
        report(alreadyDone, INVENTORY, "SUCCESS");

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

    /**
     * A consumer refused a late delivery of an event reconciliation had finished (docs/retention.md): the refusal
     * replaces the SUCCESS and hands the event back to reconciliation, due now, which opens its work order; a repeated
     * refusal, and any later report, change nothing.
     */
    @Test
    void aRefusalHandsAFinishedEventBackToReconciliationOnce() {
        String orderId = place();
        sendReports(INVENTORY, created(orderId, "SUCCESS"));
        sendReports(NOTICE, created(orderId, "SUCCESS"));
        assertThat(reconcileStatus(orderId)).isEqualTo("SUCCESS");

        HttpCall.Response refused = sendReports(INVENTORY, entry(orderId, "ORDER_CREATED", "REFUSED", "refused: too old"));

        assertThat(refused.status()).as(refused.body()).isEqualTo(200);
        assertThat(refused.json().get("recorded").asInt()).isEqualTo(1);
        Map<String, Object> row = jdbc.queryForMap("SELECT reconcile_status, msg_status, retry_count, last_error,"
                + " next_reconcile_time <= CURRENT_TIMESTAMP(3) AS due FROM message_log WHERE order_id = ?"
                + " AND event_type = 'ORDER_CREATED'", Long.parseLong(orderId));
        assertThat(row).containsEntry("reconcile_status", "RETRY").containsEntry("msg_status", "FAIL")
                .containsEntry("retry_count", 0);
        assertThat(((Number) row.get("due")).intValue()).isEqualTo(1);
        assertThat((String) row.get("last_error")).startsWith(INVENTORY + " refused a late ORDER_CREATED");
        assertThat(order(orderId).get("consumers").get("inventory").asString()).isEqualTo("REFUSED");
        assertThat(jdbc.queryForObject("SELECT detail FROM message_consumer_status WHERE order_id = ? AND consumer_group = ?",
                String.class, Long.parseLong(orderId), INVENTORY)).isEqualTo("refused: too old (had reported SUCCESS)");

        // reconciliation escalates it (its decision table, on the consumer's REFUSED); until then nothing moves it back
        jdbc.update("UPDATE message_log SET reconcile_status = 'FAIL' WHERE order_id = ?", Long.parseLong(orderId));
        for (String late : List.of("REFUSED", "SUCCESS", "FAIL")) {
            HttpCall.Response again = sendReports(INVENTORY, created(orderId, late));
            assertThat(again.json().get("recorded").asInt()).as(late).isZero();
        }
        assertThat(reconcileStatus(orderId)).isEqualTo("FAIL");
        assertThat(order(orderId).get("consumers").get("inventory").asString()).isEqualTo("REFUSED");
    }

    /**
     * Most refusals are of archived events: a consumer keeps its records longer than order_db keeps a finished event
     * in message_log (docs/retention.md). The refusal moves the event back and hands it to reconciliation; any other
     * report of an archived event stays unknown.
     */
    @Test
    void aRefusalBringsAnArchivedEventBackForReconciliation() {
        String refusedLate = place();
        String reportedLate = place();
        for (String orderId : List.of(refusedLate, reportedLate)) {
            sendReports(INVENTORY, created(orderId, "SUCCESS"));
            sendReports(NOTICE, created(orderId, "SUCCESS"));
            archive(orderId);
        }

        HttpCall.Response refused = sendReports(NOTICE, entry(refusedLate, "ORDER_CREATED", "REFUSED", "refused: too old"));
        HttpCall.Response late = sendReports(NOTICE, created(reportedLate, "PROCESSING"));

        assertThat(refused.status()).as(refused.body()).isEqualTo(200);
        assertThat(refused.json().get("recorded").asInt()).isEqualTo(1);
        assertThat(refused.json().get("unknownOrderIds").size()).isZero();
        assertThat(reconcileStatus(refusedLate)).isEqualTo("RETRY");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_log_hist WHERE order_id = ?", Long.class,
                Long.parseLong(refusedLate))).isZero();
        assertThat(order(refusedLate).get("consumers").get("notice").asString()).isEqualTo("REFUSED");
        assertThat(order(refusedLate).get("messageStatus").asString()).isEqualTo("FAIL");
        assertThat(late.json().get("unknownOrderIds").get(0).asString()).isEqualTo(reportedLate);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_log_hist WHERE order_id = ?", Long.class,
                Long.parseLong(reportedLate))).isEqualTo(1);
    }

    /** What reconcile-job's archive does to a finished event (order-core's EventArchive), in SQL. */
    private void archive(String orderId) {
        long order = Long.parseLong(orderId);
        assertThat(reconcileStatus(orderId)).isEqualTo("SUCCESS");
        jdbc.update("INSERT INTO message_log_hist (id, order_id, event_type, shard_key, topic, tag, msg_key, transaction_id,"
                + " payload, msg_status, reconcile_status, retry_count, next_reconcile_time, version, last_error, created_at,"
                + " updated_at, claim_token, trace_parent, relay_attempts, relayed_at)"
                + " SELECT id, order_id, event_type, shard_key, topic, tag, msg_key, transaction_id, payload, msg_status,"
                + " reconcile_status, retry_count, next_reconcile_time, version, last_error, created_at, updated_at,"
                + " claim_token, trace_parent, relay_attempts, relayed_at FROM message_log WHERE order_id = ?", order);
        jdbc.update("DELETE FROM message_log WHERE order_id = ?", order);
        jdbc.update("DELETE FROM message_consumer_status WHERE order_id = ?", order);
    }

    @Test
    void coalescedReportsWithTwoOutcomesForOneEventOrABadFieldChangeNothing() {
        String orderId = place();

        HttpCall.Response twice = sendReports(INVENTORY, entry(orderId, "ORDER_CREATED", "PROCESSING", null),
                entry(orderId, "ORDER_CREATED", "SUCCESS", null));
        HttpCall.Response badId = sendReports(INVENTORY, entry(orderId, "ORDER_CREATED", "SUCCESS", null),
                entry("0123", "ORDER_CREATED", "SUCCESS", null));
        HttpCall.Response beyondLong = sendReports(INVENTORY, entry("99999999999999999999", "ORDER_CREATED", "SUCCESS", null));
        HttpCall.Response unknownGroup = sendReports("someone-else", entry(orderId, "ORDER_CREATED", "SUCCESS", null));
        HttpCall.Response none = sendReports(INVENTORY);
        HttpCall.Response noToken = HttpCall.post(port, REPORTS)
                .json(reports(INVENTORY, entry(orderId, "ORDER_CREATED", "SUCCESS", null))).send();

        assertThat(twice.status()).isEqualTo(400);
        assertThat(twice.json().get("invalidParams").findValuesAsString("name")).contains("reports");
        assertThat(badId.status()).isEqualTo(400);
        assertThat(badId.json().get("invalidParams").findValuesAsString("name")).contains("reports[1].orderId");
        assertThat(beyondLong.status()).isEqualTo(400);
        assertThat(beyondLong.json().get("invalidParams").findValuesAsString("name")).contains("reports[0].orderId");
        assertThat(unknownGroup.status()).isEqualTo(400);
        assertThat(unknownGroup.json().get("invalidParams").findValuesAsString("name")).contains("consumerGroup");
        assertThat(noToken.status()).isEqualTo(401);
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
        return HttpCall.post(port, REPORTS).bearer(tokens.reporter(group)).json(reports(group, entries)).send();
    }

    /** One group's report of one order's creation, as a consumer's flush of a single outcome sends it. */
    private HttpCall.Response report(String orderId, String group, String status) {
        return sendReports(group, entry(orderId, "ORDER_CREATED", status, "from a test"));
    }

    private static String reports(String group, String... entries) {
        return "{\"consumerGroup\":\"" + group + "\",\"reports\":[" + String.join(",", entries) + "]}";
    }

    private static String entry(String orderId, String eventType, String status, String detail) {
        return "{\"orderId\":\"" + orderId + "\",\"eventType\":\"" + eventType + "\",\"status\":\"" + status + "\""
                + (detail == null ? "" : ",\"detail\":\"" + detail + "\"") + "}";
    }

    private static String created(String orderId, String status) {
        return entry(orderId, "ORDER_CREATED", status, null);
    }

    /** A notice SUCCESS for the order's creation in the given trace. */
    private static String traced(String orderId, String traceparent) {
        return "{\"orderId\":\"" + orderId + "\",\"eventType\":\"ORDER_CREATED\",\"status\":\"SUCCESS\",\"traceparent\":\""
                + traceparent + "\"}";
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
}
