package dev.eventual.notice.consume;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.notice.channel.ChannelType;
import dev.eventual.notice.compose.NoticeRequest;
import dev.eventual.notice.config.NoticeMetrics;
import dev.eventual.notice.config.NoticeProperties;
import dev.eventual.notice.delivery.ChannelUnavailableException;
import dev.eventual.notice.delivery.DeliveryOutcome;
import dev.eventual.notice.delivery.DeliveryResult;
import dev.eventual.notice.delivery.NoticeDelivery;
import dev.eventual.notice.store.NoticeStatus;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/** What the listener acknowledges and what it hands back to the broker, with the delivery faked. */
class OrderEventListenerTest {

    private final NoticeDelivery delivery = mock(NoticeDelivery.class);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final NoticeProperties properties = new NoticeProperties(ChannelType.LOG, 7, Duration.ofSeconds(30),
            "user-{userId}@example.com", "no-reply@eventual.example");
    private final OrderEventListener listener = new OrderEventListener(delivery, new NoticeMetrics(registry), properties);

    @Test
    void setsTheConfiguredRedeliveryLimitOnTheConsumer() {
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("unused");

        listener.prepareStart(consumer);

        assertThat(consumer.getMaxReconsumeTimes()).isEqualTo(7);
    }

    @Test
    void dispatchesOnTheTagAndAcknowledgesAHandledEvent() {
        when(delivery.deliver(any())).thenReturn(new DeliveryResult(DeliveryOutcome.SENT, NoticeStatus.SUCCESS, "sent"));

        listener.onMessage(message("ORDER_CREATED", OrderEvents.toBytes(new OrderCreatedEvent(1, 42, 7, 3, 2, Instant.EPOCH))));

        verify(delivery).deliver(new NoticeRequest(42, OrderEventType.ORDER_CREATED, 7, 3, 2, null));
        assertThat(registry.counter("eventual.notice.consumed", "type", "ORDER_CREATED").count()).isEqualTo(1);
    }

    @Test
    void aRefusedNoticeIsAcknowledged() {
        when(delivery.deliver(any())).thenReturn(new DeliveryResult(DeliveryOutcome.REFUSED, NoticeStatus.FAIL, "refused"));

        listener.onMessage(message("ORDER_CREATED", OrderEvents.toBytes(new OrderCreatedEvent(1, 42, 7, 3, 2, Instant.EPOCH))));

        assertThat(registry.counter("eventual.notice.consumed", "type", "ORDER_CREATED").count()).isEqualTo(1);
    }

    @Test
    void poisonIsCountedAndAcknowledgedWithoutADelivery() {
        listener.onMessage(message("ORDER_CREATED", "{not json".getBytes(StandardCharsets.UTF_8)));
        listener.onMessage(message("ORDER_CANCELED", "null".getBytes(StandardCharsets.UTF_8)));
        listener.onMessage(message("ORDER_CREATED", "{\"orderId\":\"0\",\"userId\":\"1\",\"skuId\":\"1\",\"quantity\":1}"
                .getBytes(StandardCharsets.UTF_8)));
        listener.onMessage(message("ORDER_PAID", "{}".getBytes(StandardCharsets.UTF_8)));

        verify(delivery, never()).deliver(any());
        assertThat(registry.counter("eventual.notice.failures", "reason", "malformed").count()).isEqualTo(4);
    }

    @Test
    void aTechnicalFailureGoesBackToTheBroker() {
        when(delivery.deliver(any())).thenThrow(new ChannelUnavailableException(42, OrderEventType.ORDER_CREATED,
                new IllegalStateException("Connection refused")));

        assertThatThrownBy(() -> listener.onMessage(message("ORDER_CREATED",
                OrderEvents.toBytes(new OrderCreatedEvent(1, 42, 7, 3, 2, Instant.EPOCH)))))
                .isInstanceOf(ChannelUnavailableException.class);
        assertThat(registry.find("eventual.notice.consumed").counter()).isNull();
    }

    @Test
    void aNoticeHeldByAnotherDeliveryIsRedeliveredLater() {
        when(delivery.deliver(any())).thenReturn(new DeliveryResult(DeliveryOutcome.IN_PROGRESS, NoticeStatus.PROCESSING, "held"));

        assertThatThrownBy(() -> listener.onMessage(message("ORDER_CREATED",
                OrderEvents.toBytes(new OrderCreatedEvent(1, 42, 7, 3, 2, Instant.EPOCH)))))
                .isInstanceOf(NoticeInProgressException.class);
        assertThat(registry.find("eventual.notice.consumed").counter()).isNull();
    }

    private static MessageExt message(String tag, byte[] body) {
        MessageExt message = new MessageExt();
        message.setTags(tag);
        message.setKeys("42");
        message.setBody(body);
        return message;
    }
}
