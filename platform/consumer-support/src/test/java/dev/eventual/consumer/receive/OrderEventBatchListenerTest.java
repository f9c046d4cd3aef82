package dev.eventual.consumer.receive;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.consumer.ConsumerProperties;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyContext;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the skeleton acknowledges and what it sends back to the broker, with a recording handler. */
class OrderEventBatchListenerTest {

    private final RecordingHandler handler = new RecordingHandler();
    private final OrderEventBatchListener listener = new OrderEventBatchListener(handler,
            new ConsumerProperties(16, 3, Duration.ZERO, new ConsumerProperties.Report(Duration.ofMillis(20), 500)), 7) {
    };
    private final ConsumeConcurrentlyContext context = new ConsumeConcurrentlyContext(new MessageQueue());

    @Test
    void configuresTheConsumerAndTakesItsMessages() {
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("unused");

        listener.prepareStart(consumer);

        assertThat(consumer.getMaxReconsumeTimes()).isEqualTo(7);
        assertThat(consumer.getConsumeMessageBatchMaxSize()).isEqualTo(16);
        assertThat(consumer.getPullBatchSize()).isGreaterThanOrEqualTo(16);
        assertThat(consumer.getConsumeThreadMin()).isEqualTo(3);
        assertThat(consumer.getConsumeThreadMax()).isEqualTo(3);
        assertThat(consumer.getMessageListener()).isSameAs(listener);
    }

    @Test
    void aBatchGoesToTheHandlerAtOnce() {
        ConsumeConcurrentlyStatus status = listener.consumeMessage(List.of(created(1, 0), canceled(2, 3)), context);

        assertThat(status).isEqualTo(ConsumeConcurrentlyStatus.CONSUME_SUCCESS);
        assertThat(context.getAckIndex()).isEqualTo(Integer.MAX_VALUE);
        assertThat(handler.batches).hasSize(1);
        assertThat(handler.batches.get(0)).extracting(ReceivedEvent::orderId).containsExactly(1L, 2L);
        assertThat(handler.batches.get(0).get(1).deliveries()).isEqualTo(4);
        assertThat(handler.batches.get(0).get(1).redelivered()).isTrue();
    }

    @Test
    void anUnreadableMessageIsDroppedAndTheOthersHandled() {
        MessageExt unknownTag = message("ORDER_SHIPPED", "{}".getBytes(StandardCharsets.UTF_8), 0);
        MessageExt badBody = message("ORDER_CREATED", "not json".getBytes(StandardCharsets.UTF_8), 0);

        ConsumeConcurrentlyStatus status = listener.consumeMessage(List.of(unknownTag, created(5, 0), badBody), context);

        assertThat(status).isEqualTo(ConsumeConcurrentlyStatus.CONSUME_SUCCESS);
        assertThat(context.getAckIndex()).isEqualTo(Integer.MAX_VALUE);
        assertThat(handler.dropped).hasSize(2);
        assertThat(handler.batches.get(0)).extracting(ReceivedEvent::orderId).containsExactly(5L);
    }

    @Test
    void whenTheBatchFailsEachEventIsTriedAloneAndTheFirstFailureGoesBackWithThoseAfterIt() {
        handler.failing = Set.of(3L);

        ConsumeConcurrentlyStatus status = listener.consumeMessage(
                List.of(created(1, 0), created(2, 0), created(3, 0), created(4, 0)), context);

        assertThat(status).isEqualTo(ConsumeConcurrentlyStatus.CONSUME_SUCCESS);
        assertThat(context.getAckIndex()).isEqualTo(1);
        assertThat(handler.singles).containsExactly(1L, 2L, 3L);
        assertThat(handler.failed).containsExactly(3L);
    }

    @Test
    void aFailureOfTheFirstEventSendsTheWholeBatchBack() {
        handler.failing = Set.of(1L);

        ConsumeConcurrentlyStatus status = listener.consumeMessage(List.of(created(1, 0), created(2, 0)), context);

        assertThat(status).isEqualTo(ConsumeConcurrentlyStatus.RECONSUME_LATER);
        assertThat(handler.singles).containsExactly(1L);
    }

    @Test
    void aHandlerThatWorksEventByEventSaysWhereItStopped() {
        handler.partialAfter = 2;

        ConsumeConcurrentlyStatus status = listener.consumeMessage(
                List.of(created(1, 0), message("X", new byte[0], 0), created(2, 0), created(3, 0), created(4, 0)), context);

        // events 1 and 2 applied; event 3 (message index 3) failed and goes back with event 4
        assertThat(status).isEqualTo(ConsumeConcurrentlyStatus.CONSUME_SUCCESS);
        assertThat(context.getAckIndex()).isEqualTo(2);
        assertThat(handler.singles).isEmpty();
        assertThat(handler.failed).containsExactly(3L);
    }

    @Test
    void theContainersPerMessagePathThrowsWhatWasNotApplied() {
        handler.failing = Set.of(8L);

        assertThatThrownBy(() -> listener.onMessage(created(8, 0))).isInstanceOf(IllegalStateException.class);
        listener.onMessage(created(9, 0));
        assertThat(handler.batches).extracting(List::size).containsExactly(1, 1);
    }

    private static MessageExt created(long orderId, int reconsumeTimes) {
        return message("ORDER_CREATED", OrderEvents.toBytes(new OrderCreatedEvent(1, orderId, 7, 3, 1, Instant.EPOCH)),
                reconsumeTimes);
    }

    private static MessageExt canceled(long orderId, int reconsumeTimes) {
        return message("ORDER_CANCELED", OrderEvents.toBytes(new OrderCanceledEvent(1, orderId, 7, 3, 1, "user",
                Instant.EPOCH, Instant.EPOCH)), reconsumeTimes);
    }

    private static MessageExt message(String tag, byte[] body, int reconsumeTimes) {
        MessageExt message = new MessageExt();
        message.setTags(tag);
        message.setBody(body);
        message.setReconsumeTimes(reconsumeTimes);
        return message;
    }

    private static final class RecordingHandler implements OrderEventBatchHandler {
        final List<List<ReceivedEvent>> batches = new ArrayList<>();
        final List<Long> singles = new ArrayList<>();
        final List<Long> failed = new ArrayList<>();
        final List<String> dropped = new ArrayList<>();
        Set<Long> failing = Set.of();
        int partialAfter = -1;

        @Override
        public void handleAll(List<ReceivedEvent> events) {
            batches.add(events);
            if (partialAfter >= 0) {
                throw new PartialBatchFailure(partialAfter, new IllegalStateException("channel down"));
            }
            if (events.stream().anyMatch(event -> failing.contains(event.orderId()))) {
                throw new IllegalStateException("a batch with an order that cannot be applied");
            }
        }

        @Override
        public void handle(ReceivedEvent event) {
            singles.add(event.orderId());
            if (failing.contains(event.orderId())) {
                throw new IllegalStateException("cannot apply order " + event.orderId());
            }
        }

        @Override
        public void dropped(String orderKey, String messageId, String tag, RuntimeException cause) {
            dropped.add(tag);
        }

        @Override
        public void failed(ReceivedEvent event, RuntimeException cause) {
            failed.add(event.orderId());
        }
    }
}
