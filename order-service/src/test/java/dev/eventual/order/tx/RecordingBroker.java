package dev.eventual.order.tx;

import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.spring.core.RocketMQTemplate;
import org.springframework.messaging.Message;

import java.util.ArrayList;
import java.util.List;

/**
 * The broker and the transaction listener of {@link OrderEventPublisher}, for unit tests of what a
 * publish sends: stores every half message, runs its local transaction as {@link OrderTransactionListener}
 * does (without a database transaction around it).
 */
public final class RecordingBroker extends RocketMQTemplate {

    private final List<Message<?>> halfMessages = new ArrayList<>();

    @Override
    public TransactionSendResult sendMessageInTransaction(String destination, Message<?> message, Object argument) {
        halfMessages.add(message);
        PublishAttempt attempt = (PublishAttempt) argument;
        attempt.record(attempt.work().execute("recording-broker-" + halfMessages.size()));
        TransactionSendResult result = new TransactionSendResult();
        result.setSendStatus(SendStatus.SEND_OK);
        return result;
    }

    /** The bodies of the half messages stored so far, in order. */
    public List<byte[]> bodies() {
        return halfMessages.stream().map(message -> (byte[]) message.getPayload()).toList();
    }
}
