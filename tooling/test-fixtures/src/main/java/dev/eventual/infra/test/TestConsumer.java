package dev.eventual.infra.test;

import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageExt;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A consumer group of its own on a topic that records every delivery, for tests that need to see
 * what the broker really delivered (and how often).
 */
public final class TestConsumer implements AutoCloseable {

    private final DefaultMQPushConsumer consumer;
    private final List<MessageExt> received = new CopyOnWriteArrayList<>();

    private TestConsumer(DefaultMQPushConsumer consumer) {
        this.consumer = consumer;
    }

    public static TestConsumer start(String nameServerAddress, String group, String topic) {
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(group);
        consumer.setNamesrvAddr(nameServerAddress);
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        TestConsumer testConsumer = new TestConsumer(consumer);
        try {
            consumer.subscribe(topic, "*");
            consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
                testConsumer.received.addAll(messages);
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            });
            consumer.start();
        } catch (MQClientException e) {
            throw new IllegalStateException("test consumer " + group + " failed to start", e);
        }
        return testConsumer;
    }

    /** Every delivery so far, redeliveries included. */
    public List<MessageExt> received() {
        return List.copyOf(received);
    }

    /** Deliveries of messages with this key. */
    public List<MessageExt> receivedWithKey(String key) {
        return received.stream().filter(message -> key.equals(message.getKeys())).toList();
    }

    @Override
    public void close() {
        consumer.shutdown();
    }
}
