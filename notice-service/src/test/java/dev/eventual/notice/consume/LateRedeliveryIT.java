package dev.eventual.notice.consume;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.FakeOrderService;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.notice.compose.MessageIds;
import dev.eventual.notice.support.Events;
import dev.eventual.notice.support.InternalApi;
import dev.eventual.notice.support.Meters;
import dev.eventual.notice.support.NoticeConsumer;
import dev.eventual.notice.support.NoticeRow;
import dev.eventual.notice.support.NoticeServiceIT;
import dev.eventual.notice.support.TestChannel;
import dev.eventual.notice.support.TestClock;
import dev.eventual.notice.support.TestMailServer;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.rocketmq.client.producer.SendResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * docs/retention.md, "A late event never applies twice", through the real broker, database and SMTP server. A notice
 * goes out but the mail server's reply is lost, so the broker will redeliver its event; before it does, 31 days pass:
 * the record, untouched since, is cleaned by the cleanup endpoint (its {@code updated_at} is set back 31 days, as the
 * database's clock cannot move), and the service's clock moves on 31 days ({@link TestClock}). The redelivery then
 * finds no record for an event born beyond the 30-day retention: it is refused, and no second notice goes out. The
 * refusal is acknowledged only once order-service took its report: while order-service is down, the broker delivers
 * it again.
 * While the clock is moved on, every delivery in this JVM is judged 31 days later; ITs run one at a time, and each
 * test here waits for its own deliveries before it ends.
 */
@NoticeServiceIT
class LateRedeliveryIT {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final Duration A_MONTH = Duration.ofDays(31);

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MeterRegistry registry;

    @Autowired
    TestChannel channel;

    @Autowired
    TestClock clock;

    @AfterEach
    void backToToday() {
        clock.reset();
    }

    @Test
    void aRedeliveryBornBeyondTheRetentionWhoseRecordWasCleanedSendsNoSecondNotice() {
        OrderCreatedEvent sentBefore = Events.created(Events.newId(), Events.newId(), 51, 1);
        OrderCreatedEvent redelivered = Events.created(Events.newId(), Events.newId(), 51, 1);
        double refusals = Meters.count(registry, "eventual.notice.refused", "type", "ORDER_CREATED");
        double duplicates = Meters.count(registry, "eventual.notice.duplicates");

        try (FakeOrderService orderService = FakeOrderService.start(context)) {
            // day 0: one notice goes out as usual (alone, so that no batch brings it back with the other one)
            Events.publish(sentBefore);
            await().atMost(WAIT).until(() -> "SUCCESS".equals(statusOf(sentBefore)));
            // the other goes out too, but the mail server's reply is lost: a technical failure, the broker will redeliver
            channel.loseReplyFor(redelivered.orderId());
            SendResult first;
            try {
                first = Events.publish(redelivered);
                await().atMost(WAIT).until(() -> NoticeConsumer.isDoneWith(context, first) && lastErrorOf(redelivered) != null);
            } finally {
                channel.repairFor(redelivered.orderId());
            }
            assertThat(mailsOf(redelivered)).isEqualTo(1);
            assertThat(NoticeRow.find(jdbc, redelivered.orderId(), OrderEventType.ORDER_CREATED).status()).isEqualTo("PROCESSING");

            // 31 days on (the redelivery is 10 s away): the record, untouched since, is cleaned
            clock.moveOn(A_MONTH);
            assertThat(jdbc.update("UPDATE notice_log SET updated_at = updated_at - INTERVAL 31 DAY"
                    + " WHERE order_id = ? AND notice_type = 'ORDER_CREATED'", redelivered.orderId())).isEqualTo(1);
            HttpCall.Response cleaned = InternalApi.cleanup(port, Duration.ofHours(2).toSeconds());
            assertThat(cleaned.status()).as(cleaned.body()).isEqualTo(200);
            assertThat(cleaned.json().get("removed").asLong()).isPositive();
            assertThat(NoticeRow.find(jdbc, redelivered.orderId(), OrderEventType.ORDER_CREATED)).isNull();

            // the broker redelivers it while order-service is down: no record, born beyond the retention → refused,
            // nothing sent, and the refusal not taken: not acknowledged
            orderService.down(true);
            await().atMost(WAIT).until(() -> "REFUSED".equals(statusOf(redelivered)));
            FakeOrderService.Report notTaken = orderService.awaitReport(redelivered.orderId(),
                    entry -> "REFUSED".equals(entry.get("status").asString()));
            assertThat(notTaken.call().answered()).isEqualTo(503);
            orderService.down(false);
            NoticeRow refused = NoticeRow.find(jdbc, redelivered.orderId(), OrderEventType.ORDER_CREATED);
            assertThat(refused.attempts()).isZero();
            assertThat(refused.lastError()).isEqualTo("event born " + redelivered.createdAt() + ", older than the retention 30d");
            assertThat(mailsOf(redelivered)).isEqualTo(1);
            // the broker delivers it once more (its record says REFUSED: nothing sent), and now order-service takes it
            FakeOrderService.Report report = orderService.awaitTakenReport(redelivered.orderId(),
                    entry -> "REFUSED".equals(entry.get("status").asString()), WAIT);
            assertThat(report.entry().get("detail").asString())
                    .isEqualTo("refused: event born " + redelivered.createdAt() + ", older than the retention 30d; nothing sent");
            assertThat(InternalApi.statuses(port, redelivered.orderId())).containsEntry(Long.toString(redelivered.orderId()), "REFUSED");
            // every delivery refused counts (NoticeMetrics): the one whose report was not taken, and the one after
            assertThat(Meters.count(registry, "eventual.notice.refused", "type", "ORDER_CREATED")).isEqualTo(refusals + 2);

            // a record that exists decides, whatever its event's age: the old notice sent before is not sent again
            SendResult again = Events.publish(sentBefore);
            await().atMost(WAIT).until(() -> NoticeConsumer.isDoneWith(context, again));
            assertThat(mailsOf(sentBefore)).isEqualTo(1);
            NoticeRow sent = NoticeRow.find(jdbc, sentBefore.orderId(), OrderEventType.ORDER_CREATED);
            assertThat(sent.status()).isEqualTo("SUCCESS");
            assertThat(sent.attempts()).isEqualTo(1);
            assertThat(Meters.count(registry, "eventual.notice.duplicates")).isGreaterThanOrEqualTo(duplicates + 1);
            // and a REFUSED record met again stays refused: the reconcile job's re-drive sends nothing either
            assertThat(InternalApi.redriveOne(port, InternalApi.RETRIES_CREATED, Events.json(redelivered)).get("status").asString())
                    .isEqualTo("REFUSED");
            assertThat(mailsOf(redelivered)).isEqualTo(1);
        }
    }

    /** notice_log keeps a record per notice: a cancel notice is judged by the cancel's own time, not its order's age. */
    @Test
    void aRecentCancelOfAnOrderOlderThanTheRetentionIsSent() {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        OrderCanceledEvent cancel = Events.canceled(Events.newId(), Events.newId(), 52, 1, "changed my mind", now,
                now.minus(Duration.ofDays(40)));

        Events.publish(cancel);

        await().atMost(WAIT).until(() -> "SUCCESS".equals(NoticeRow.statusOf(jdbc, cancel.orderId(), OrderEventType.ORDER_CANCELED)));
        assertThat(TestMailServer.withMessageId(MessageIds.of(cancel.orderId(), OrderEventType.ORDER_CANCELED))).hasSize(1);
    }

    private String statusOf(OrderCreatedEvent event) {
        return NoticeRow.statusOf(jdbc, event.orderId(), OrderEventType.ORDER_CREATED);
    }

    private String lastErrorOf(OrderCreatedEvent event) {
        NoticeRow row = NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CREATED);
        return row == null ? null : row.lastError();
    }

    private static int mailsOf(OrderCreatedEvent event) {
        return TestMailServer.withMessageId(MessageIds.of(event.orderId(), OrderEventType.ORDER_CREATED)).size();
    }
}
