package dev.eventual.notice.channel;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.notice.compose.MessageIds;
import dev.eventual.notice.support.Events;
import dev.eventual.notice.support.InternalApi;
import dev.eventual.notice.support.Meters;
import dev.eventual.notice.support.NoticeConsumer;
import dev.eventual.notice.support.NoticeRow;
import dev.eventual.notice.support.NoticeServiceIT;
import dev.eventual.notice.support.TestMailServer;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.mail.Address;
import jakarta.mail.Message;
import jakarta.mail.internet.MimeMessage;
import org.apache.rocketmq.client.producer.SendResult;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Order events consumed from the broker become real mails in GreenMail, one per (order, type), with
 * the stable Message-ID; order-service is down the whole time, which changes nothing locally.
 */
@NoticeServiceIT
class MailChannelIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    ApplicationContext context;

    @Autowired
    MeterRegistry registry;

    @Test
    void aCreatedOrderGetsOneMailWithTheStableMessageIdAtTheResolvedAddressWhileOrderServiceIsDown() throws Exception {
        long userId = Events.newId();
        OrderCreatedEvent event = Events.created(Events.newId(), userId, 4711, 3);
        String messageId = "<order-" + event.orderId() + "-order-created@eventual.notice>";
        double reportFailures = Meters.count(registry, "eventual.notice.report-failures");

        Events.publish(event);

        await().atMost(WAIT).until(() -> !TestMailServer.withMessageId(messageId).isEmpty());
        MimeMessage mail = TestMailServer.withMessageId(messageId).get(0);
        assertThat(mail.getHeader("Message-ID")).containsExactly(messageId);
        assertThat(addresses(mail.getRecipients(Message.RecipientType.TO))).containsExactly("user-" + userId + "@example.com");
        assertThat(addresses(mail.getFrom())).containsExactly("no-reply@eventual.example");
        assertThat(mail.getSubject()).contains(Long.toString(event.orderId()));
        assertThat(((String) mail.getContent()).strip()).contains("Order " + event.orderId() + ": 3 x SKU 4711");

        await().atMost(WAIT).until(() -> "SUCCESS".equals(NoticeRow.statusOf(jdbc, event.orderId(), OrderEventType.ORDER_CREATED)));
        NoticeRow row = NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CREATED);
        assertThat(row.channel()).isEqualTo("mail");
        assertThat(row.recipient()).isEqualTo("user-" + userId + "@example.com");
        assertThat(row.messageId()).isEqualTo(messageId).isEqualTo(MessageIds.of(event.orderId(), OrderEventType.ORDER_CREATED));
        assertThat(row.attempts()).isEqualTo(1);

        // order-service is down: the report failed and was counted; the local state and the status API tell the truth
        await().atMost(WAIT).until(() -> Meters.count(registry, "eventual.notice.report-failures") > reportFailures);
        assertThat(InternalApi.statuses(port, event.orderId())).containsEntry(Long.toString(event.orderId()), "SUCCESS");
        assertThat(TestMailServer.withMessageId(messageId)).hasSize(1);
    }

    @Test
    void aCanceledOrderGetsTheCancelNoticeOnceBesideItsCreatedNotice() throws Exception {
        long orderId = Events.newId();
        long userId = Events.newId();
        OrderCanceledEvent canceled = Events.canceled(orderId, userId, 77, 2, "changed my mind");
        String cancelId = MessageIds.of(orderId, OrderEventType.ORDER_CANCELED);
        String createdId = MessageIds.of(orderId, OrderEventType.ORDER_CREATED);

        Events.publish(Events.created(orderId, userId, 77, 2));
        Events.publish(canceled);
        await().atMost(WAIT).until(() -> "SUCCESS".equals(NoticeRow.statusOf(jdbc, orderId, OrderEventType.ORDER_CANCELED))
                && "SUCCESS".equals(NoticeRow.statusOf(jdbc, orderId, OrderEventType.ORDER_CREATED)));
        SendResult again = Events.publish(canceled);
        await().atMost(WAIT).until(() -> NoticeConsumer.isDoneWith(context, again));

        assertThat(TestMailServer.withMessageId(cancelId)).hasSize(1);
        assertThat(TestMailServer.withMessageId(createdId)).hasSize(1);
        MimeMessage cancelMail = TestMailServer.withMessageId(cancelId).get(0);
        assertThat(cancelMail.getSubject()).isEqualTo("Order " + orderId + " canceled");
        assertThat((String) cancelMail.getContent()).contains("2 x SKU 77").contains("changed my mind");
        assertThat(NoticeRow.find(jdbc, orderId, OrderEventType.ORDER_CANCELED).attempts()).isEqualTo(1);
    }

    @Test
    void theStatusApiReportsTheCreatedNoticeOnly() {
        long orderId = Events.newId();
        Events.publish(Events.canceled(orderId, Events.newId(), 78, 1, "no created notice for this one"));

        await().atMost(WAIT).until(() -> "SUCCESS".equals(NoticeRow.statusOf(jdbc, orderId, OrderEventType.ORDER_CANCELED)));
        assertThat(InternalApi.statuses(port, orderId)).containsEntry(Long.toString(orderId), "NOT_FOUND");
    }

    private static String[] addresses(Address[] addresses) {
        return Arrays.stream(addresses).map(a -> ((jakarta.mail.internet.InternetAddress) a).getAddress()).toArray(String[]::new);
    }
}
