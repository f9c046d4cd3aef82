package dev.eventual.notice.delivery;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.notice.compose.MessageIds;
import dev.eventual.notice.support.Events;
import dev.eventual.notice.support.InternalApi;
import dev.eventual.notice.support.Meters;
import dev.eventual.notice.support.NoticeRow;
import dev.eventual.notice.support.NoticeServiceIT;
import dev.eventual.notice.support.TestMailServer;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The SMTP server goes away: a notice is a technical failure, not a FAIL. It stays PROCESSING, the
 * broker redelivers the event and a re-drive answers it PROCESSING; once SMTP is back, exactly one mail goes out.
 */
@NoticeServiceIT
class ChannelOutageIT {

    private static final Duration WAIT = Duration.ofSeconds(90);

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MeterRegistry registry;

    @Test
    void whileSmtpIsDownNoticesStayProcessingAndAreSentOnceWhenItIsBack() {
        OrderCreatedEvent consumed = Events.created(Events.newId(), Events.newId(), 3, 1);
        OrderCreatedEvent retried = Events.created(Events.newId(), Events.newId(), 3, 2);
        double unavailable = Meters.count(registry, "eventual.notice.failures", "reason", "channel_unavailable");

        TestMailServer.stop();
        try {
            Events.publish(consumed);
            await().atMost(WAIT).until(() -> {
                NoticeRow row = NoticeRow.find(jdbc, consumed.orderId(), OrderEventType.ORDER_CREATED);
                return row != null && row.lastError() != null;
            });
            assertThat(NoticeRow.statusOf(jdbc, consumed.orderId(), OrderEventType.ORDER_CREATED)).isEqualTo("PROCESSING");
            assertThat(Meters.count(registry, "eventual.notice.failures", "reason", "channel_unavailable"))
                    .isGreaterThan(unavailable);

            JsonNode retry = InternalApi.redriveOne(port, InternalApi.RETRIES_CREATED, Events.json(retried));

            assertThat(retry.get("orderId").asString()).isEqualTo(Long.toString(retried.orderId()));
            assertThat(retry.get("status").asString()).isEqualTo("PROCESSING");
            assertThat(retry.get("detail").asString()).contains("channel unavailable");
            NoticeRow row = NoticeRow.find(jdbc, retried.orderId(), OrderEventType.ORDER_CREATED);
            assertThat(row.status()).isEqualTo("PROCESSING");
            assertThat(row.lastError()).isNotBlank();
            // recording the failure did not renew the lease: it still runs from the claim (the insert)
            assertThat(jdbc.queryForObject("SELECT updated_at = created_at FROM notice_log WHERE order_id = ?"
                    + " AND notice_type = 'ORDER_CREATED'", Boolean.class, retried.orderId())).isTrue();
            assertThat(InternalApi.statuses(port, consumed.orderId(), retried.orderId()))
                    .containsValues("PROCESSING", "PROCESSING");
        } finally {
            TestMailServer.start();
        }

        // the broker redelivers the consumed event (first redelivery after 10 s; the 5 s lease has run out)
        await().atMost(WAIT).until(() -> "SUCCESS".equals(NoticeRow.statusOf(jdbc, consumed.orderId(), OrderEventType.ORDER_CREATED)));
        assertThat(TestMailServer.withMessageId(MessageIds.of(consumed.orderId(), OrderEventType.ORDER_CREATED))).hasSize(1);
        assertThat(NoticeRow.find(jdbc, consumed.orderId(), OrderEventType.ORDER_CREATED).attempts()).isGreaterThanOrEqualTo(2);

        // the reconcile job's next retry call goes through once the failed attempt's lease has run out
        await().atMost(WAIT).pollInterval(Duration.ofSeconds(1)).until(() -> "SUCCESS".equals(
                InternalApi.redriveOne(port, InternalApi.RETRIES_CREATED, Events.json(retried)).get("status").asString()));
        assertThat(TestMailServer.withMessageId(MessageIds.of(retried.orderId(), OrderEventType.ORDER_CREATED))).hasSize(1);
        NoticeRow row = NoticeRow.find(jdbc, retried.orderId(), OrderEventType.ORDER_CREATED);
        assertThat(row.status()).isEqualTo("SUCCESS");
        assertThat(row.attempts()).isEqualTo(2);
        assertThat(row.lastError()).isNull();
    }
}
