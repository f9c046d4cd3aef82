package dev.eventual.notice.redrive;

import dev.eventual.common.api.RedriveBatch;
import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.notice.compose.MessageIds;
import dev.eventual.notice.compose.NoticeComposer;
import dev.eventual.notice.compose.NoticeRequest;
import dev.eventual.notice.delivery.Claim;
import dev.eventual.notice.delivery.NoticeClaims;
import dev.eventual.notice.support.Events;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestAuthServer;
import dev.eventual.notice.support.InternalApi;
import dev.eventual.notice.support.Meters;
import dev.eventual.notice.support.NoticeRow;
import dev.eventual.notice.support.NoticeServiceIT;
import dev.eventual.notice.support.TestMailServer;
import dev.eventual.notice.support.TestRecipients;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static dev.eventual.notice.support.InternalApi.RETRIES_CANCELED;
import static dev.eventual.notice.support.InternalApi.RETRIES_CREATED;
import static dev.eventual.notice.support.InternalApi.STATUS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The internal API the reconcile job uses: service token, batch status, idempotent retries. */
@NoticeServiceIT
class NoticeApiIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MeterRegistry registry;

    @Autowired
    TestRecipients recipients;

    @Autowired
    NoticeClaims claims;

    @Autowired
    NoticeComposer composer;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    @Test
    void aMissingTokenIs401AnotherServicesIs403AndNothingIsSent() {
        OrderCreatedEvent event = Events.created(Events.newId(), Events.newId(), 1, 1);
        long records = NoticeRow.count(jdbc);
        for (String path : new String[]{STATUS, RETRIES_CREATED, RETRIES_CANCELED, InternalApi.CLEANUP}) {
            String body = STATUS.equals(path) ? "{\"orderIds\":[\"" + event.orderId() + "\"]}"
                    : InternalApi.CLEANUP.equals(path) ? "{\"upstreamHorizonSeconds\":7200}"
                    : InternalApi.batchOf(Events.json(event));

            HttpCall.Response missing = HttpCall.post(port, path).json(body).send();
            HttpCall.Response oldHeader = HttpCall.post(port, path).header("X-Eventual-Service-Token", "not-the-service-token")
                    .json(body).send();
            // another service's client: inventory-service reports its own group's outcomes and re-drives no notice
            HttpCall.Response inventory = HttpCall.post(port, path)
                    .bearer(tokens.client(TestAuthServer.Client.INVENTORY_SERVICE)).json(body).send();

            assertThat(missing.status()).as(path).isEqualTo(401);
            assertThat(missing.contentType()).startsWith("application/problem+json");
            assertThat(oldHeader.status()).as(path).isEqualTo(401);
            assertThat(inventory.status()).as(path).isEqualTo(403);
        }
        assertThat(NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CREATED)).isNull();
        assertThat(NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CANCELED)).isNull();
        assertThat(TestMailServer.withMessageId(MessageIds.of(event.orderId(), OrderEventType.ORDER_CREATED))).isEmpty();
        assertThat(NoticeRow.count(jdbc)).isGreaterThanOrEqualTo(records);
    }

    @Test
    void statusAnswersEveryRequestedIdWithWhatNoticeLogKnows() {
        long sent = Events.newId();
        long refused = Events.newId();
        long inFlight = Events.newId();
        long canceledOnly = Events.newId();
        long unknown = Events.newId();
        assertThat(retryCreated(Events.created(sent, Events.newId(), 1, 1)).get("status").asString()).isEqualTo("SUCCESS");
        long brokenUser = Events.newId();
        recipients.breakAddressOf(brokenUser);
        assertThat(retryCreated(Events.created(refused, brokenUser, 1, 1)).get("status").asString()).isEqualTo("FAIL");
        Claim claim = claims.claim(composer.compose(NoticeRequest.of(Events.created(inFlight, Events.newId(), 1, 1))), "mail", null);
        assertThat(claim.claimed()).isTrue();
        assertThat(retryCanceled(Events.canceled(canceledOnly, Events.newId(), 1, 1, "x")).get("status").asString())
                .isEqualTo("SUCCESS");

        HttpCall.Response response = InternalApi.post(port, STATUS, "{\"orderIds\":[\"" + sent + "\",\"" + refused
                + "\",\"" + inFlight + "\"," + canceledOnly + ",\"" + unknown + "\",\"" + sent + "\"]}");

        assertThat(response.status()).isEqualTo(200);
        Map<String, String> statuses = new HashMap<>();
        response.json().get("statuses").properties().forEach(e -> statuses.put(e.getKey(), e.getValue().asString()));
        assertThat(statuses).containsOnly(
                Map.entry(Long.toString(sent), "SUCCESS"),
                Map.entry(Long.toString(refused), "FAIL"),
                Map.entry(Long.toString(inFlight), "PROCESSING"),
                Map.entry(Long.toString(canceledOnly), "NOT_FOUND"),
                Map.entry(Long.toString(unknown), "NOT_FOUND"));
    }

    @Test
    void retryResendsARefusedNoticeOnceTheAddressIsFixedAndDoesNothingOnceItSucceeded() throws Exception {
        long userId = Events.newId();
        OrderCreatedEvent event = Events.created(Events.newId(), userId, 21, 4);
        String messageId = MessageIds.of(event.orderId(), OrderEventType.ORDER_CREATED);
        double refusals = Meters.count(registry, "eventual.notice.failures", "reason", "refused");
        recipients.breakAddressOf(userId);

        // consumed from the broker: the mail channel refuses the broken address for good → FAIL, acknowledged
        Events.publish(event);
        await().atMost(WAIT).until(() -> "FAIL".equals(NoticeRow.statusOf(jdbc, event.orderId(), OrderEventType.ORDER_CREATED)));
        assertThat(NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CREATED).lastError()).contains("invalid recipient address");
        assertThat(Meters.count(registry, "eventual.notice.failures", "reason", "refused")).isGreaterThan(refusals);
        assertThat(InternalApi.statuses(port, event.orderId())).containsEntry(Long.toString(event.orderId()), "FAIL");
        assertThat(TestMailServer.withMessageId(messageId)).isEmpty();

        recipients.fixAddressOf(userId);
        JsonNode retried = retryCreated(event);

        assertThat(retried.get("orderId").asString()).isEqualTo(Long.toString(event.orderId()));
        assertThat(retried.get("status").asString()).isEqualTo("SUCCESS");
        assertThat(TestMailServer.withMessageId(messageId)).hasSize(1);
        NoticeRow row = NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CREATED);
        assertThat(row.status()).isEqualTo("SUCCESS");
        assertThat(row.attempts()).isEqualTo(2);
        assertThat(row.lastError()).isNull();
        assertThat(row.recipient()).isEqualTo("user-" + userId + "@example.com");

        JsonNode again = retryCreated(event);

        assertThat(again.get("status").asString()).isEqualTo("SUCCESS");
        assertThat(again.get("detail").asString()).contains("nothing sent");
        assertThat(TestMailServer.withMessageId(messageId)).hasSize(1);
        assertThat(NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CREATED).attempts()).isEqualTo(2);
    }

    @Test
    void retryOfTheCancelNoticeSendsItOnce() {
        OrderCanceledEvent event = Events.canceled(Events.newId(), Events.newId(), 5, 5, "out of budget");
        String messageId = MessageIds.of(event.orderId(), OrderEventType.ORDER_CANCELED);

        assertThat(retryCanceled(event).get("status").asString()).isEqualTo("SUCCESS");
        assertThat(retryCanceled(event).get("status").asString()).isEqualTo("SUCCESS");

        assertThat(TestMailServer.withMessageId(messageId)).hasSize(1);
        assertThat(NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CANCELED).attempts()).isEqualTo(1);
        assertThat(NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CREATED)).isNull();
    }

    /**
     * The reconcile job may re-drive with the payload stored for the broker as it is: ids as strings,
     * and fields a newer order-service added, which this (older) reader ignores as it does on the broker.
     */
    @Test
    void retriesTakeTheEventAsTheBrokerCarriesIt() {
        OrderCreatedEvent created = Events.created(Events.newId(), Events.newId(), 3, 2);
        OrderCanceledEvent canceled = Events.canceled(created.orderId(), created.userId(), 3, 2, "changed my mind");
        String createdJson = newerProducer(OrderEvents.toJson(created));
        assertThat(createdJson).contains("\"orderId\":\"" + created.orderId() + "\"");

        JsonNode createdRetry = InternalApi.redriveOne(port, RETRIES_CREATED, createdJson);
        JsonNode canceledRetry = InternalApi.redriveOne(port, RETRIES_CANCELED, newerProducer(OrderEvents.toJson(canceled)));

        assertThat(createdRetry.get("status").asString()).isEqualTo("SUCCESS");
        assertThat(canceledRetry.get("status").asString()).isEqualTo("SUCCESS");
        assertThat(TestMailServer.withMessageId(MessageIds.of(created.orderId(), OrderEventType.ORDER_CREATED))).hasSize(1);
        assertThat(TestMailServer.withMessageId(MessageIds.of(created.orderId(), OrderEventType.ORDER_CANCELED))).hasSize(1);
    }

    /** The same event with a field this reader does not know, as a newer producer might add. */
    private static String newerProducer(String json) {
        return json.substring(0, json.length() - 1) + ",\"channel\":\"web\",\"lines\":[{\"skuId\":\"1\"}]}";
    }

    @Test
    void aNoticeHeldByALiveSenderIsLeftAloneAndOneWhoseSenderDiedIsTakenOver() {
        OrderCreatedEvent event = Events.created(Events.newId(), Events.newId(), 8, 1);
        String messageId = MessageIds.of(event.orderId(), OrderEventType.ORDER_CREATED);
        // a sender claimed it and is still within its lease (pushed an hour ahead, so the test cannot outrun it)
        assertThat(claims.claim(composer.compose(NoticeRequest.of(event)), "mail", null).claimed()).isTrue();
        setClaimedAt(event.orderId(), "CURRENT_TIMESTAMP(3) + INTERVAL 1 HOUR");

        JsonNode held = retryCreated(event);

        assertThat(held.get("status").asString()).isEqualTo("PROCESSING");
        assertThat(TestMailServer.withMessageId(messageId)).isEmpty();
        assertThat(NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CREATED).attempts()).isEqualTo(1);

        // the sender crashed long ago: its lease ran out
        setClaimedAt(event.orderId(), "CURRENT_TIMESTAMP(3) - INTERVAL 1 HOUR");

        JsonNode takenOver = retryCreated(event);

        assertThat(takenOver.get("status").asString()).isEqualTo("SUCCESS");
        assertThat(TestMailServer.withMessageId(messageId)).hasSize(1);
        NoticeRow row = NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CREATED);
        assertThat(row.status()).isEqualTo("SUCCESS");
        assertThat(row.attempts()).isEqualTo(2);
    }

    @Test
    void batchRetriesSendEachNoticeOnceAndAnswerEachEventInOrder() {
        OrderCreatedEvent first = Events.created(Events.newId(), Events.newId(), 31, 1);
        OrderCreatedEvent second = Events.created(Events.newId(), Events.newId(), 31, 1);
        String batch = "{\"events\":[" + Events.json(first) + "," + Events.json(second) + "," + Events.json(first) + "]}";

        HttpCall.Response response = InternalApi.post(port, RETRIES_CREATED, batch);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        List<String> results = new ArrayList<>();
        response.json().get("results").forEach(result -> results.add(result.get("orderId").asString() + " "
                + result.get("status").asString()));
        assertThat(results).containsExactly(first.orderId() + " SUCCESS", second.orderId() + " SUCCESS",
                first.orderId() + " SUCCESS");
        assertThat(TestMailServer.withMessageId(MessageIds.of(first.orderId(), OrderEventType.ORDER_CREATED))).hasSize(1);
        assertThat(TestMailServer.withMessageId(MessageIds.of(second.orderId(), OrderEventType.ORDER_CREATED))).hasSize(1);

        HttpCall.Response invalid = InternalApi.post(port, RETRIES_CANCELED, "{\"events\":["
                + Events.json(Events.canceled(Events.newId(), 0, 31, 1, "user")) + "]}");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.json().get("invalidParams").findValuesAsString("name")).contains("events[0].userId");
    }

    @Test
    void aReplayedBatchSendsNothingAgainAndABatchOverTheCapOrEmptyIsRefused() {
        OrderCreatedEvent first = Events.created(Events.newId(), Events.newId(), 31, 1);
        OrderCreatedEvent second = Events.created(Events.newId(), Events.newId(), 31, 1);
        String batch = "{\"events\":[" + Events.json(first) + "," + Events.json(second) + "]}";
        assertThat(InternalApi.post(port, RETRIES_CREATED, batch).status()).isEqualTo(200);

        HttpCall.Response replayed = InternalApi.post(port, RETRIES_CREATED, batch);

        assertThat(replayed.status()).as(replayed.body()).isEqualTo(200);
        assertThat(replayed.json().get("results").findValuesAsString("status")).containsExactly("SUCCESS", "SUCCESS");
        assertThat(TestMailServer.withMessageId(MessageIds.of(first.orderId(), OrderEventType.ORDER_CREATED))).hasSize(1);
        assertThat(TestMailServer.withMessageId(MessageIds.of(second.orderId(), OrderEventType.ORDER_CREATED))).hasSize(1);

        List<OrderCreatedEvent> tooMany = IntStream.rangeClosed(0, RedriveBatch.MAX_EVENTS)
                .mapToObj(i -> Events.created(Events.newId(), Events.newId(), 31, 1)).toList();
        HttpCall.Response overCap = InternalApi.post(port, RETRIES_CREATED, "{\"events\":["
                + tooMany.stream().map(Events::json).collect(Collectors.joining(",")) + "]}");
        HttpCall.Response empty = InternalApi.post(port, RETRIES_CANCELED, "{\"events\":[]}");

        assertThat(overCap.status()).as(overCap.body()).isEqualTo(400);
        assertThat(overCap.json().get("invalidParams").findValuesAsString("name")).contains("events");
        assertThat(TestMailServer.withMessageId(MessageIds.of(tooMany.get(0).orderId(), OrderEventType.ORDER_CREATED))).isEmpty();
        assertThat(empty.status()).as(empty.body()).isEqualTo(400);
        assertThat(empty.json().get("invalidParams").findValuesAsString("name")).contains("events");
    }

    private void setClaimedAt(long orderId, String expression) {
        assertThat(jdbc.update("UPDATE notice_log SET updated_at = " + expression + " WHERE order_id = ? AND notice_type = ?",
                orderId, OrderEventType.ORDER_CREATED.name())).isEqualTo(1);
    }

    /** A re-drive of one created notice: a batch of one, as the reconcile job's smallest page. */
    private JsonNode retryCreated(OrderCreatedEvent event) {
        return InternalApi.redriveOne(port, RETRIES_CREATED, Events.json(event));
    }

    private JsonNode retryCanceled(OrderCanceledEvent event) {
        return InternalApi.redriveOne(port, RETRIES_CANCELED, Events.json(event));
    }
}
