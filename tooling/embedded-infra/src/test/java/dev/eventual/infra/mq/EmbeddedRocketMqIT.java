package dev.eventual.infra.mq;

import dev.eventual.infra.Directories;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.attribute.TopicMessageType;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A stopped broker is gone for clients as soon as {@link EmbeddedRocketMq#stopBroker()} returns (the rest
 * of RocketMQ's stop goes on behind it), and a start on the same port and store brings it back with its topics.
 * The broker runs no timer wheel, which nothing in the suite uses (issue 41).
 */
class EmbeddedRocketMqIT {

    private static final String TOPIC = "EMBEDDED_MQ_IT";
    private final Path directory = Path.of(System.getProperty("eventual.infra.dir", "target/infra"))
            .resolve("rocketmq-it-" + System.nanoTime());

    @AfterEach
    void deleteStore() {
        Directories.deleteRecursively(directory);
    }

    @Test
    void aStoppedBrokerLeftTheNameServerAndRefusesConnectionsThenComesBackWithItsTopics() throws Exception {
        try (EmbeddedRocketMq mq = EmbeddedRocketMq.start(RocketMqSettings.forTests(directory))) {
            mq.createTopic(TOPIC, TopicMessageType.NORMAL);
            DefaultMQProducer before = producer(mq, "before");
            String address;
            try {
                assertThat(before.send(message()).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                address = before.getDefaultMQProducerImpl().getMqClientFactory().findBrokerAddressInPublish("eventual-broker");
            } finally {
                before.shutdown();
            }

            mq.stopBroker();
            assertThat(mq.isBrokerRunning()).isFalse();
            String[] hostAndPort = address.split(":");
            try (Socket socket = new Socket()) {
                assertThatThrownBy(() -> socket.connect(new InetSocketAddress(hostAndPort[0], Integer.parseInt(hostAndPort[1])), 1_000))
                        .as("a connection to the stopped broker").isInstanceOf(ConnectException.class);
            }
            DefaultMQProducer during = producer(mq, "during");
            try {
                assertThatThrownBy(() -> during.send(message())).isInstanceOf(MQClientException.class)
                        .hasMessageContaining("No route info of this topic");
            } finally {
                during.shutdown();
            }

            mq.startBroker();
            DefaultMQProducer after = producer(mq, "after");
            try {
                assertThat(after.send(message()).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            } finally {
                after.shutdown();
            }
        }
    }

    /**
     * The timer wheel's twelve threads (enqueue, dequeue, flush, warm-up, schedule) are absent, while the
     * delay-level schedule (a consumer's retries; ExactlyOnceDeductionIT sees one redelivered) and the
     * transactional check still run.
     */
    @Test
    void theBrokerRunsNoTimerWheel() {
        try (EmbeddedRocketMq mq = EmbeddedRocketMq.start(RocketMqSettings.forTests(directory))) {
            List<String> threads = Thread.getAllStackTraces().keySet().stream().map(Thread::getName).sorted().toList();
            assertThat(threads).as("the broker's threads").contains("ScheduleMessageTimerThread_1", "TransactionalMessageCheckService")
                    .noneMatch(name -> name.startsWith("Timer"));
        }
    }

    private static DefaultMQProducer producer(EmbeddedRocketMq mq, String instance) throws MQClientException {
        DefaultMQProducer producer = new DefaultMQProducer("embedded-mq-it");
        producer.setNamesrvAddr(mq.nameServerAddress());
        producer.setInstanceName(instance);
        producer.setRetryTimesWhenSendFailed(0);
        producer.start();
        return producer;
    }

    private static Message message() {
        return new Message(TOPIC, "payload".getBytes(StandardCharsets.UTF_8));
    }
}
