package dev.eventual.notice.redrive;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.notice.compose.MessageIds;
import dev.eventual.notice.support.Events;
import dev.eventual.notice.support.InternalApi;
import dev.eventual.notice.support.NoticeRow;
import dev.eventual.notice.support.NoticeServiceIT;
import dev.eventual.notice.support.TestChannel;
import dev.eventual.notice.support.TestMailServer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The reconcile job's batch re-drive of notices, over real HTTP, on the real database and SMTP server. */
@NoticeServiceIT
class BatchRedriveIT {

    private static final String RETRIES = "/internal/notices/order-created/retries";
    private static final String UNAVAILABLE = "channel unavailable: not sent, stays PROCESSING";

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    TestChannel channel;

    /**
     * Fresh notices are claimed by one statement and recorded SUCCESS by another: a row's created_at
     * and updated_at come from the statement's clock, so the batch's rows share each (one by one,
     * each claim and each record would follow its own send).
     */
    @Test
    void aBatchOfFreshNoticesIsSentOnceEachAndClaimedAndRecordedTogether() {
        List<OrderCreatedEvent> events = IntStream.range(0, 5)
                .mapToObj(i -> Events.created(Events.newId(), Events.newId(), 41, 1)).toList();
        String batch = batch(events);

        HttpCall.Response response = InternalApi.post(port, RETRIES, batch);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(results(response)).containsExactlyElementsOf(events.stream()
                .map(e -> e.orderId() + " SUCCESS sent through mail").toList());
        for (OrderCreatedEvent event : events) {
            assertThat(mailsOf(event)).isEqualTo(1);
            NoticeRow row = NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CREATED);
            assertThat(row.status()).isEqualTo("SUCCESS");
            assertThat(row.attempts()).isEqualTo(1);
        }
        assertThat(distinct("created_at", events)).isEqualTo(1);
        assertThat(distinct("updated_at", events)).isEqualTo(1);

        HttpCall.Response again = InternalApi.post(port, RETRIES, batch);

        assertThat(again.status()).as(again.body()).isEqualTo(200);
        assertThat(results(again)).containsExactlyElementsOf(events.stream()
                .map(e -> e.orderId() + " SUCCESS already sent; nothing sent").toList());
        for (OrderCreatedEvent event : events) {
            assertThat(mailsOf(event)).isEqualTo(1);
            assertThat(NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CREATED).attempts()).isEqualTo(1);
        }
    }

    /**
     * Re-drives follow the retention's rule (docs/retention.md): an event born beyond it with no record is refused in
     * the batch's one claim statement (the rows share its clock), sends nothing, and stays refused when re-driven
     * again, alone or in a batch; the status API answers REFUSED for it.
     */
    @Test
    void aLateEventInABatchIsRefusedByTheBatchsClaimAndStaysRefused() {
        OrderCreatedEvent fresh = Events.created(Events.newId(), Events.newId(), 44, 1);
        OrderCreatedEvent late = Events.created(Events.newId(), Events.newId(), 44, 1,
                Instant.now().minus(Duration.ofDays(31)).truncatedTo(ChronoUnit.MILLIS));
        OrderCreatedEvent last = Events.created(Events.newId(), Events.newId(), 44, 1);
        String refusal = "refused: event born " + late.createdAt() + ", older than the retention 30d";
        String batch = batch(List.of(fresh, late, last));

        HttpCall.Response response = InternalApi.post(port, RETRIES, batch);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(results(response)).containsExactly(fresh.orderId() + " SUCCESS sent through mail",
                late.orderId() + " REFUSED " + refusal + "; nothing sent", last.orderId() + " SUCCESS sent through mail");
        assertThat(mailsOf(late)).isZero();
        NoticeRow refused = NoticeRow.find(jdbc, late.orderId(), OrderEventType.ORDER_CREATED);
        assertThat(refused.status()).isEqualTo("REFUSED");
        assertThat(refused.attempts()).isZero();
        assertThat("refused: " + refused.lastError()).isEqualTo(refusal);
        assertThat(distinct("created_at", List.of(fresh, late, last))).isEqualTo(1);
        assertThat(InternalApi.statuses(port, fresh.orderId(), late.orderId()))
                .containsExactly(Map.entry(Long.toString(fresh.orderId()), "SUCCESS"), Map.entry(Long.toString(late.orderId()), "REFUSED"));

        HttpCall.Response again = InternalApi.post(port, RETRIES, batch);
        JsonNode alone = InternalApi.redriveOne(port, RETRIES, Events.json(late));

        assertThat(results(again)).containsExactly(fresh.orderId() + " SUCCESS already sent; nothing sent",
                late.orderId() + " REFUSED " + refusal + "; nothing sent", last.orderId() + " SUCCESS already sent; nothing sent");
        assertThat(alone.get("status").asString()).isEqualTo("REFUSED");
        assertThat(alone.get("detail").asString()).isEqualTo(refusal + "; nothing sent");
        assertThat(mailsOf(late)).isZero();
        assertThat(Stream.of(fresh, last).map(this::mailsOf)).containsOnly(1);
        assertThat(NoticeRow.find(jdbc, late.orderId(), OrderEventType.ORDER_CREATED).status()).isEqualTo("REFUSED");
    }

    @Test
    void theChannelFailingMidBatchAnswersProcessingThereAndLeavesTheRestUnclaimedForTheNextReDrive() {
        OrderCreatedEvent sent = Events.created(Events.newId(), Events.newId(), 42, 1);
        OrderCreatedEvent unreachable = Events.created(Events.newId(), Events.newId(), 42, 1);
        OrderCreatedEvent after = Events.created(Events.newId(), Events.newId(), 42, 1);
        OrderCreatedEvent last = Events.created(Events.newId(), Events.newId(), 42, 1);
        String batch = batch(List.of(sent, unreachable, after, last));
        channel.breakFor(unreachable.orderId());
        try {
            HttpCall.Response response = InternalApi.post(port, RETRIES, batch);

            assertThat(response.status()).as(response.body()).isEqualTo(200);
            assertThat(results(response)).containsExactly(sent.orderId() + " SUCCESS sent through mail",
                    unreachable.orderId() + " PROCESSING " + UNAVAILABLE);
        } finally {
            channel.repairFor(unreachable.orderId());
        }
        assertThat(mailsOf(sent)).isEqualTo(1);
        assertThat(mailsOf(unreachable)).isZero();
        NoticeRow failed = NoticeRow.find(jdbc, unreachable.orderId(), OrderEventType.ORDER_CREATED);
        assertThat(failed.status()).isEqualTo("PROCESSING");
        assertThat(failed.lastError()).contains("Mail server connection failed");
        for (OrderCreatedEvent notTried : List.of(after, last)) {
            assertThat(NoticeRow.find(jdbc, notTried.orderId(), OrderEventType.ORDER_CREATED)).isNull();
            assertThat(mailsOf(notTried)).isZero();
        }

        // while the failed attempt's lease runs (pushed an hour ahead here), the next re-drive leaves that
        // notice alone and sends the rest
        setClaimedAt(unreachable, "CURRENT_TIMESTAMP(3) + INTERVAL 1 HOUR");
        HttpCall.Response next = InternalApi.post(port, RETRIES, batch);

        assertThat(next.status()).as(next.body()).isEqualTo(200);
        assertThat(next.json().get("results").findValuesAsString("status"))
                .containsExactly("SUCCESS", "PROCESSING", "SUCCESS", "SUCCESS");
        assertThat(mailsOf(after)).isEqualTo(1);
        assertThat(mailsOf(last)).isEqualTo(1);
        assertThat(mailsOf(unreachable)).isZero();

        // once the lease has run out, the next re-drive takes it over and sends it
        setClaimedAt(unreachable, "CURRENT_TIMESTAMP(3) - INTERVAL 1 HOUR");
        HttpCall.Response taken = InternalApi.post(port, RETRIES, batch);

        assertThat(taken.json().get("results").findValuesAsString("status")).containsOnly("SUCCESS").hasSize(4);
        assertThat(Stream.of(sent, unreachable, after, last).map(this::mailsOf)).containsOnly(1);
        assertThat(NoticeRow.find(jdbc, unreachable.orderId(), OrderEventType.ORDER_CREATED).attempts()).isEqualTo(2);
    }

    /** notice_log failing is not answered as if it were the channel: the call fails, as one by one it did. */
    @Test
    void aDatabaseFailureMidBatchFailsTheCallAndKeepsWhatWasRecorded() {
        // ids in the batch's order: its claim (one statement, rows in key order) meets the sent one's duplicate key
        // first, and the notices are then delivered one by one, in order, up to the poisoned one
        long first = Events.newId();
        OrderCreatedEvent sentBefore = Events.created(first, Events.newId(), 43, 1);
        assertThat(InternalApi.post(port, RETRIES, batch(List.of(sentBefore))).status()).isEqualTo(200);
        OrderCreatedEvent fresh = Events.created(first + 1, Events.newId(), 43, 1);
        OrderCreatedEvent poisoned = Events.created(first + 2, Events.newId(), 43, 1);
        OrderCreatedEvent after = Events.created(first + 3, Events.newId(), 43, 1);
        String trigger = "it_notice_" + Math.abs(poisoned.orderId() % 1_000_000_000L);
        jdbc.execute("CREATE TRIGGER " + trigger + " BEFORE INSERT ON notice_log FOR EACH ROW BEGIN"
                + " IF NEW.order_id = " + poisoned.orderId() + " THEN"
                + " SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected database failure'; END IF; END");
        try {
            HttpCall.Response response = InternalApi.post(port, RETRIES, batch(List.of(sentBefore, fresh, poisoned, after)));

            assertThat(response.status()).as(response.body()).isGreaterThanOrEqualTo(500);
            assertThat(response.contentType()).startsWith("application/problem+json");
        } finally {
            jdbc.execute("DROP TRIGGER IF EXISTS " + trigger);
        }
        assertThat(mailsOf(sentBefore)).isEqualTo(1);
        assertThat(mailsOf(fresh)).isEqualTo(1);
        assertThat(NoticeRow.statusOf(jdbc, fresh.orderId(), OrderEventType.ORDER_CREATED)).isEqualTo("SUCCESS");
        assertThat(NoticeRow.find(jdbc, poisoned.orderId(), OrderEventType.ORDER_CREATED)).isNull();
        assertThat(NoticeRow.find(jdbc, after.orderId(), OrderEventType.ORDER_CREATED)).isNull();
        assertThat(mailsOf(after)).isZero();
    }

    private void setClaimedAt(OrderCreatedEvent event, String expression) {
        assertThat(jdbc.update("UPDATE notice_log SET updated_at = " + expression + " WHERE order_id = ? AND notice_type = ?",
                event.orderId(), OrderEventType.ORDER_CREATED.name())).isEqualTo(1);
    }

    private long distinct(String column, List<OrderCreatedEvent> events) {
        String ids = events.stream().map(e -> Long.toString(e.orderId())).collect(Collectors.joining(","));
        return jdbc.queryForObject("SELECT COUNT(DISTINCT " + column + ") FROM notice_log WHERE notice_type = 'ORDER_CREATED'"
                + " AND order_id IN (" + ids + ")", Long.class);
    }

    private int mailsOf(OrderCreatedEvent event) {
        return TestMailServer.withMessageId(MessageIds.of(event.orderId(), OrderEventType.ORDER_CREATED)).size();
    }

    private static String batch(List<OrderCreatedEvent> events) {
        return "{\"events\":[" + events.stream().map(Events::json).collect(Collectors.joining(",")) + "]}";
    }

    private static List<String> results(HttpCall.Response response) {
        List<String> results = new ArrayList<>();
        response.json().get("results").forEach(result -> results.add(result.get("orderId").asString() + " "
                + result.get("status").asString() + " " + result.get("detail").asString()));
        return results;
    }
}
