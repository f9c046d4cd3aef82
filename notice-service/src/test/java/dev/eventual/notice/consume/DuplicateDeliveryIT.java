package dev.eventual.notice.consume;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.notice.compose.MessageIds;
import dev.eventual.notice.compose.NoticeRequest;
import dev.eventual.notice.delivery.DeliveryOutcome;
import dev.eventual.notice.delivery.NoticeDelivery;
import dev.eventual.notice.support.Events;
import dev.eventual.notice.support.Meters;
import dev.eventual.notice.support.NoticeConsumer;
import dev.eventual.notice.support.NoticeRow;
import dev.eventual.notice.support.NoticeServiceIT;
import dev.eventual.notice.support.TestMailServer;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.rocketmq.client.producer.SendResult;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Duplicated, concurrent and poison deliveries through the real broker, database and SMTP server. */
@NoticeServiceIT
class DuplicateDeliveryIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    ApplicationContext context;

    @Autowired
    MeterRegistry registry;

    @Autowired
    NoticeDelivery delivery;

    @Test
    void theSameEventDeliveredTwiceSendsOneMail() {
        OrderCreatedEvent event = Events.created(Events.newId(), Events.newId(), 11, 1);
        String messageId = MessageIds.of(event.orderId(), OrderEventType.ORDER_CREATED);
        byte[] body = OrderEvents.toBytes(event);
        String key = Long.toString(event.orderId());
        double duplicates = Meters.count(registry, "eventual.notice.duplicates");
        double consumed = Meters.count(registry, "eventual.notice.consumed", "type", "ORDER_CREATED");

        Events.publish(OrderEventType.ORDER_CREATED.tag(), key, body);
        await().atMost(WAIT).until(() -> "SUCCESS".equals(NoticeRow.statusOf(jdbc, event.orderId(), OrderEventType.ORDER_CREATED)));
        SendResult again = Events.publish(OrderEventType.ORDER_CREATED.tag(), key, body);
        await().atMost(WAIT).until(() -> NoticeConsumer.isDoneWith(context, again));

        assertThat(TestMailServer.withMessageId(messageId)).hasSize(1);
        NoticeRow row = NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CREATED);
        assertThat(row.status()).isEqualTo("SUCCESS");
        assertThat(row.attempts()).isEqualTo(1);
        assertThat(Meters.count(registry, "eventual.notice.duplicates")).isGreaterThanOrEqualTo(duplicates + 1);
        assertThat(Meters.count(registry, "eventual.notice.consumed", "type", "ORDER_CREATED"))
                .isGreaterThanOrEqualTo(consumed + 2);
    }

    @Test
    void twoDeliveriesSentBackToBackSendOneMail() {
        OrderCreatedEvent event = Events.created(Events.newId(), Events.newId(), 12, 2);
        String messageId = MessageIds.of(event.orderId(), OrderEventType.ORDER_CREATED);
        byte[] body = OrderEvents.toBytes(event);
        String key = Long.toString(event.orderId());

        SendResult first = Events.publish(OrderEventType.ORDER_CREATED.tag(), key, body);
        SendResult second = Events.publish(OrderEventType.ORDER_CREATED.tag(), key, body);

        await().atMost(WAIT).until(() -> NoticeConsumer.isDoneWith(context, first) && NoticeConsumer.isDoneWith(context, second));
        await().atMost(WAIT).until(() -> "SUCCESS".equals(NoticeRow.statusOf(jdbc, event.orderId(), OrderEventType.ORDER_CREATED)));
        assertThat(TestMailServer.withMessageId(messageId)).hasSize(1);
        assertThat(NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CREATED).attempts()).isEqualTo(1);
    }

    @Test
    void concurrentDeliveriesOfOneNoticeSendOneMail() throws Exception {
        OrderCreatedEvent event = Events.created(Events.newId(), Events.newId(), 13, 3);
        NoticeRequest request = NoticeRequest.of(event);
        int threads = 6;
        CyclicBarrier start = new CyclicBarrier(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<DeliveryOutcome>> calls = new ArrayList<>();
        try {
            for (int i = 0; i < threads; i++) {
                calls.add(pool.submit(() -> {
                    start.await();
                    return delivery.deliver(request).outcome();
                }));
            }
        } finally {
            pool.shutdown();
        }
        List<DeliveryOutcome> outcomes = new ArrayList<>();
        for (Future<DeliveryOutcome> call : calls) {
            outcomes.add(call.get());
        }

        assertThat(outcomes).filteredOn(o -> o == DeliveryOutcome.SENT).hasSize(1);
        assertThat(outcomes).isSubsetOf(DeliveryOutcome.SENT, DeliveryOutcome.IN_PROGRESS, DeliveryOutcome.ALREADY_SENT);
        // the SMTP server stores a mail before it answers the sender: it is there, or never will be
        assertThat(TestMailServer.withMessageId(MessageIds.of(event.orderId(), OrderEventType.ORDER_CREATED))).hasSize(1);
        NoticeRow row = NoticeRow.find(jdbc, event.orderId(), OrderEventType.ORDER_CREATED);
        assertThat(row.status()).isEqualTo("SUCCESS");
        assertThat(row.attempts()).isEqualTo(1);
    }

    @Test
    void poisonMessagesAreCountedAndAcknowledgedAndWriteNothing() {
        long rows = NoticeRow.count(jdbc);
        double malformed = Meters.count(registry, "eventual.notice.failures", "reason", "malformed");

        SendResult garbage = Events.publish(OrderEventType.ORDER_CREATED.tag(), "poison-1",
                "this is not an order".getBytes(StandardCharsets.UTF_8));
        SendResult noOrderId = Events.publish(OrderEventType.ORDER_CANCELED.tag(), "poison-2",
                "{\"schemaVersion\":1,\"userId\":\"5\",\"skuId\":\"5\",\"quantity\":1}".getBytes(StandardCharsets.UTF_8));
        await().atMost(WAIT).until(() -> NoticeConsumer.isDoneWith(context, garbage) && NoticeConsumer.isDoneWith(context, noOrderId));

        assertThat(Meters.count(registry, "eventual.notice.failures", "reason", "malformed")).isEqualTo(malformed + 2);
        assertThat(NoticeRow.count(jdbc)).isEqualTo(rows);
    }
}
