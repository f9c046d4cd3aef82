package dev.eventual.notice.delivery;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.notice.compose.MessageIds;
import dev.eventual.notice.compose.NoticeRequest;
import dev.eventual.notice.support.Events;
import dev.eventual.notice.support.NoticeRow;
import dev.eventual.notice.support.NoticeServiceIT;
import dev.eventual.notice.support.TestMailServer;
import dev.eventual.notice.support.TestRecipients;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** A batch of notices on the real database and SMTP server: sent once each, recorded each. */
@NoticeServiceIT
class BatchDeliveryIT {

    @Autowired
    NoticeDelivery delivery;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    TestRecipients recipients;

    @Autowired
    DataSource dataSource;

    @Test
    void freshNoticesAreSentOnceAndRecordedEachWithItsOwnOutcome() {
        long brokenUser = Events.newId();
        recipients.breakAddressOf(brokenUser);
        OrderCreatedEvent first = Events.created(Events.newId(), Events.newId(), 21, 1);
        OrderCreatedEvent refused = Events.created(Events.newId(), brokenUser, 21, 1);
        OrderCreatedEvent third = Events.created(Events.newId(), Events.newId(), 21, 1);

        List<DeliveryAttempt> attempts = delivery.deliverAll(List.of(NoticeRequest.of(first), NoticeRequest.of(refused),
                NoticeRequest.of(third)));

        assertThat(attempts).extracting(attempt -> attempt.result().outcome())
                .containsExactly(DeliveryOutcome.SENT, DeliveryOutcome.REFUSED, DeliveryOutcome.SENT);
        for (OrderCreatedEvent sent : List.of(first, third)) {
            assertThat(NoticeRow.find(jdbc, sent.orderId(), OrderEventType.ORDER_CREATED).status()).isEqualTo("SUCCESS");
            assertThat(TestMailServer.withMessageId(MessageIds.of(sent.orderId(), OrderEventType.ORDER_CREATED))).hasSize(1);
        }
        assertThat(NoticeRow.find(jdbc, refused.orderId(), OrderEventType.ORDER_CREATED).status()).isEqualTo("FAIL");
    }

    @Test
    void aBatchRepeatingSentNoticesSendsOnlyTheNewOne() {
        OrderCreatedEvent sentBefore = Events.created(Events.newId(), Events.newId(), 22, 1);
        delivery.deliver(NoticeRequest.of(sentBefore));
        OrderCreatedEvent fresh = Events.created(Events.newId(), Events.newId(), 22, 1);

        List<DeliveryAttempt> attempts = delivery.deliverAll(List.of(NoticeRequest.of(sentBefore), NoticeRequest.of(fresh),
                NoticeRequest.of(fresh)));

        assertThat(attempts).extracting(attempt -> attempt.result().outcome())
                .containsExactly(DeliveryOutcome.ALREADY_SENT, DeliveryOutcome.SENT, DeliveryOutcome.ALREADY_SENT);
        assertThat(TestMailServer.withMessageId(MessageIds.of(sentBefore.orderId(), OrderEventType.ORDER_CREATED))).hasSize(1);
        assertThat(TestMailServer.withMessageId(MessageIds.of(fresh.orderId(), OrderEventType.ORDER_CREATED))).hasSize(1);
        assertThat(NoticeRow.find(jdbc, fresh.orderId(), OrderEventType.ORDER_CREATED).attempts()).isEqualTo(1);
    }

    /**
     * Another batch's claim, inserted and not yet committed, must not hold up this batch's record of what it sent.
     * Under load (tooling/bench, issue 41) the optimizer read a large batch's rows through the status index, waited
     * on or deadlocked with a concurrent batch's fresh PROCESSING rows, and the sent notices stayed PROCESSING
     * until their lease ran out and were sent again. A table of past notices, as in production, is what makes the
     * optimizer prefer that index.
     */
    @Test
    void aBatchRecordsItsNoticesWhileAnotherBatchIsClaimingItsOwn() throws Exception {
        long past = Events.newId();
        jdbc.update("INSERT INTO notice_log (order_id, notice_type, channel, recipient, message_id, status, attempts)"
                + " SELECT ? + seq, 'ORDER_CREATED', 'log', 'past@example.com', CONCAT('past-', ? + seq), 'SUCCESS', 1"
                + " FROM seq_1_to_2000", past, past);
        jdbc.execute("ANALYZE TABLE notice_log");
        List<OrderCreatedEvent> batch = IntStream.range(0, 50).mapToObj(i -> Events.created(Events.newId(), Events.newId(), 23, 1))
                .toList();
        long rival = Events.newId();

        try (Connection other = dataSource.getConnection()) {
            other.setAutoCommit(false);
            try (PreparedStatement claim = other.prepareStatement("INSERT INTO notice_log (order_id, notice_type, channel,"
                    + " recipient, message_id, status, attempts) VALUES (?, 'ORDER_CREATED', 'log', 'rival@example.com', ?,"
                    + " 'PROCESSING', 1)")) {
                claim.setLong(1, rival);
                claim.setString(2, "rival-" + rival);
                claim.executeUpdate();
            }
            try {
                List<DeliveryAttempt> attempts = assertTimeoutPreemptively(Duration.ofSeconds(20), () ->
                        delivery.deliverAll(batch.stream().map(NoticeRequest::of).toList()));
                assertThat(attempts).extracting(attempt -> attempt.result().outcome()).containsOnly(DeliveryOutcome.SENT)
                        .hasSize(batch.size());
            } finally {
                other.rollback();
            }
        }
        for (OrderCreatedEvent sent : batch) {
            assertThat(NoticeRow.find(jdbc, sent.orderId(), OrderEventType.ORDER_CREATED).status()).isEqualTo("SUCCESS");
        }
    }
}
