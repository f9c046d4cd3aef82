package dev.eventual.consumer.receive;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.consumer.ConsumerProperties;
import dev.eventual.tracing.OrderTraces;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyContext;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.spring.core.RocketMQListener;
import org.apache.rocketmq.spring.core.RocketMQPushConsumerLifecycleListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * The consumer skeleton both services share. A service's {@code @RocketMQMessageListener} extends
 * it and names its consumer group; rocketmq-spring builds the consumer (name server, ACL, TLS,
 * namespace, shutdown) and, in {@link #prepareStart}, this class swaps the container's
 * one-message-at-a-time listener for a batch listener:
 * <ul>
 *   <li>up to {@code eventual.consumer.batch-size} events go to the service's
 *       {@link OrderEventBatchHandler#handleAll} at once; the batches consume threads hold within
 *       {@code eventual.consumer.window} of each other share one call ({@link ConsumeWindow});</li>
 *   <li>if that fails, each event is handled alone, in order, and the first one that fails is sent
 *       back to the broker together with those after it (RocketMQ's ack index): the events before it
 *       are acknowledged, so one bad event never holds back, or repeats, its neighbours' work;</li>
 *   <li>a message that is not a readable order event is dropped (acknowledged), as redelivery cannot help.</li>
 * </ul>
 * Each event keeps the trace context its message carries ({@link ReceivedEvent#traceparent}); the
 * service's handler continues it for what it does about that order.
 */
public abstract class OrderEventBatchListener implements RocketMQListener<MessageExt>,
        RocketMQPushConsumerLifecycleListener, MessageListenerConcurrently {

    private static final Logger log = LoggerFactory.getLogger(OrderEventBatchListener.class);

    private final OrderEventBatchHandler handler;
    private final ConsumerProperties properties;
    private final int maxReconsumeTimes;
    private final ConsumeWindow window;

    protected OrderEventBatchListener(OrderEventBatchHandler handler, ConsumerProperties properties,
                                      int maxReconsumeTimes) {
        this.handler = handler;
        this.properties = properties;
        this.maxReconsumeTimes = maxReconsumeTimes;
        this.window = new ConsumeWindow(handler, properties.window(), properties.batchSize(),
                properties.threads());
    }

    @Override
    public void prepareStart(DefaultMQPushConsumer consumer) {
        consumer.setMaxReconsumeTimes(maxReconsumeTimes);
        consumer.setConsumeThreadMin(properties.threads());
        consumer.setConsumeThreadMax(properties.threads());
        consumer.setConsumeMessageBatchMaxSize(properties.batchSize());
        consumer.setPullBatchSize(Math.max(consumer.getPullBatchSize(), properties.batchSize()));
        consumer.setMessageListener(this);
    }

    /** The container's per-message path, used only if {@link #prepareStart} did not run: a batch of one. */
    @Override
    public void onMessage(MessageExt message) {
        ConsumeConcurrentlyContext context = new ConsumeConcurrentlyContext(new MessageQueue());
        if (consumeMessage(List.of(message), context) != ConsumeConcurrentlyStatus.CONSUME_SUCCESS) {
            throw new IllegalStateException("order " + message.getKeys() + ": not applied, to be delivered again");
        }
    }

    @Override
    public ConsumeConcurrentlyStatus consumeMessage(List<MessageExt> messages, ConsumeConcurrentlyContext context) {
        List<ReceivedEvent> events = new ArrayList<>(messages.size());
        List<Integer> positions = new ArrayList<>(messages.size());
        for (int i = 0; i < messages.size(); i++) {
            ReceivedEvent event = decode(messages.get(i));
            if (event != null) {
                events.add(event);
                positions.add(i);
            }
        }
        if (events.isEmpty()) {
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        }
        ConsumeWindow.Shared shared = window.apply(events);
        return switch (shared.fate()) {
            case APPLIED -> ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            case PARTIAL -> {
                handler.failed(events.get(shared.applied()), shared.cause());
                yield redeliverFrom(positions.get(shared.applied()), context);
            }
            case ALONE -> alone(events, positions, context);
        };
    }

    private ConsumeConcurrentlyStatus alone(List<ReceivedEvent> events, List<Integer> positions,
                                            ConsumeConcurrentlyContext context) {
        try {
            handler.handleAll(events);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        } catch (PartialBatchFailure partial) {
            handler.failed(events.get(partial.applied()), partial.getCause());
            return redeliverFrom(positions.get(partial.applied()), context);
        } catch (RuntimeException batchFailure) {
            if (events.size() == 1) {
                handler.failed(events.get(0), batchFailure);
                return redeliverFrom(positions.get(0), context);
            }
            log.info("A batch of {} order events (orders {}) failed as a whole ({}); handling them one by one",
                    events.size(), events.stream().map(ReceivedEvent::orderId).toList(), batchFailure.toString());
            return oneByOne(events, positions, context);
        }
    }

    private ConsumeConcurrentlyStatus oneByOne(List<ReceivedEvent> events, List<Integer> positions,
                                               ConsumeConcurrentlyContext context) {
        for (int k = 0; k < events.size(); k++) {
            try {
                handler.handle(events.get(k));
            } catch (RuntimeException e) {
                handler.failed(events.get(k), e);
                return redeliverFrom(positions.get(k), context);
            }
        }
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
    }

    /** Acknowledges the messages before {@code index}; it and those after it go back to the broker. */
    private static ConsumeConcurrentlyStatus redeliverFrom(int index, ConsumeConcurrentlyContext context) {
        if (index == 0) {
            return ConsumeConcurrentlyStatus.RECONSUME_LATER;
        }
        context.setAckIndex(index - 1);
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
    }

    private ReceivedEvent decode(MessageExt message) {
        int deliveries = message.getReconsumeTimes() + 1;
        String traceparent = message.getUserProperty(OrderTraces.TRACEPARENT);
        try {
            return switch (OrderEventType.fromTag(message.getTags())) {
                case ORDER_CREATED -> ReceivedEvent.of(OrderEvents.fromBytes(message.getBody(), OrderCreatedEvent.class),
                        deliveries, traceparent);
                case ORDER_CANCELED -> ReceivedEvent.of(OrderEvents.fromBytes(message.getBody(),
                        OrderCanceledEvent.class), deliveries, traceparent);
            };
        } catch (IllegalArgumentException | OrderEvents.MalformedEventException e) {
            handler.dropped(message.getKeys(), message.getMsgId(), message.getTags(), e);
            return null;
        }
    }
}
