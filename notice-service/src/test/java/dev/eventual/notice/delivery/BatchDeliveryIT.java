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

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A batch of notices on the real database and SMTP server: sent once each, recorded each. */
@NoticeServiceIT
class BatchDeliveryIT {

    @Autowired
    NoticeDelivery delivery;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    TestRecipients recipients;

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
}
