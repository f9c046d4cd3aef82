package dev.eventual.infra.test;

import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;

/** A plain producer for tests that play the part of another service or re-send raw events. */
public final class TestProducer implements AutoCloseable {

    private final DefaultMQProducer producer;

    private TestProducer(DefaultMQProducer producer) {
        this.producer = producer;
    }

    public static TestProducer start(String nameServerAddress, String group) {
        DefaultMQProducer producer = new DefaultMQProducer(group);
        producer.setNamesrvAddr(nameServerAddress);
        try {
            producer.start();
        } catch (MQClientException e) {
            throw new IllegalStateException("test producer " + group + " failed to start", e);
        }
        return new TestProducer(producer);
    }

    /** Sends synchronously and fails unless the broker stored the message. */
    public SendResult send(String topic, String tag, String key, byte[] body) {
        try {
            SendResult result = producer.send(new Message(topic, tag, key, body));
            if (result.getSendStatus() != SendStatus.SEND_OK) {
                throw new IllegalStateException("broker answered " + result.getSendStatus() + " for key " + key);
            }
            return result;
        } catch (Exception e) {
            throw new IllegalStateException("send of key " + key + " failed", e);
        }
    }

    @Override
    public void close() {
        producer.shutdown();
    }
}
