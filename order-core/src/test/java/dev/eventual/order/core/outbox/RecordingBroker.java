package dev.eventual.order.core.outbox;

import dev.eventual.infra.test.EventContracts;
import dev.eventual.tracing.OrderTraces;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.spring.core.RocketMQTemplate;
import org.mockito.ArgumentCaptor;
import org.springframework.messaging.Message;
import org.springframework.transaction.PlatformTransactionManager;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;

/**
 * The broker and the transaction listener of {@link OrderEventPublisher}, for unit tests of what a
 * publish sends: stores every half message and runs its local transaction's writes as
 * {@link OrderTransactionListener} does, on a stand-in message_log mapper, with no database
 * transaction or barrier row around them.
 */
public final class RecordingBroker extends RocketMQTemplate {

    private static final OrderTraces UNTRACED = new OrderTraces(Tracer.NOOP, Propagator.NOOP);
    /** This broker stores every half message: no fallback to fall back to. */
    private static final BrokerFallbackProperties FALLBACK_OFF = new BrokerFallbackProperties(false, 50, 10, 3,
            Duration.ofSeconds(5), 2);

    private final List<Message<?>> halfMessages = new ArrayList<>();
    private final MessageLogMapper messageLog = mock(MessageLogMapper.class);
    private final LocalTransactionRunner runner;

    public RecordingBroker(Clock clock) {
        this.runner = new LocalTransactionRunner(mock(PlatformTransactionManager.class), mock(AttemptBarrier.class),
                messageLog, new MessageLogRows(new OutboxProperties(Duration.ofSeconds(60)), UNTRACED, clock));
    }

    /** The outbox a use case gets, publishing through this broker, untraced and undecorated. */
    public OrderOutbox outbox() {
        return new OrderOutbox(new OrderEventPublisher(this, UNTRACED, new BrokerBreaker(FALLBACK_OFF), null,
                mock(RelayMapper.class),
                FALLBACK_OFF), List.of());
    }

    @Override
    public TransactionSendResult sendMessageInTransaction(String destination, Message<?> message, Object argument) {
        halfMessages.add(message);
        PublishAttempt attempt = (PublishAttempt) argument;
        attempt.record(runner.run(attempt, "recording-broker-" + halfMessages.size(), OrderOutbox.NEW_EVENT_STATUS));
        TransactionSendResult result = new TransactionSendResult();
        result.setSendStatus(SendStatus.SEND_OK);
        return result;
    }

    /** The bodies of the half messages stored so far, in order. */
    public List<byte[]> bodies() {
        return halfMessages.stream().map(message -> (byte[]) message.getPayload()).toList();
    }

    /**
     * The one half message stored, and the message_log row inserted beside it, carry the fixture's
     * payload: compared as JSON trees (the same members with the same JSON types and values, in any
     * key order, which the contract does not fix).
     */
    public void assertPublishedOnly(EventContracts.Fixture fixture) {
        assertThat(bodies()).hasSize(1);
        String body = new String(bodies().get(0), StandardCharsets.UTF_8);
        assertThat(EventContracts.tree(body)).as("broker body %s", body).isEqualTo(fixture.tree());
        ArgumentCaptor<MessageLogRow> row = ArgumentCaptor.forClass(MessageLogRow.class);
        verify(messageLog).insert(row.capture());
        assertThat(EventContracts.tree(row.getValue().getPayload())).as("message_log payload %s", row.getValue().getPayload())
                .isEqualTo(fixture.tree());
    }
}
