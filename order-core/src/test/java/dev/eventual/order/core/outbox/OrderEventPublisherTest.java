package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedException;
import dev.eventual.order.core.outbox.OrderOutbox.NotPublishedReason;
import dev.eventual.order.core.outbox.OrderOutbox.Publication;
import dev.eventual.tracing.OrderTraces;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.remoting.exception.RemotingConnectException;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.spring.core.RocketMQTemplate;
import org.junit.jupiter.api.Test;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessagingException;

import java.time.Duration;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.ArgumentMatchers.notNull;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/** Which publications go to the broker fallback, and when the breaker stops asking the broker (issue 39). */
class OrderEventPublisherTest {

    private static final OrderTraces UNTRACED = new OrderTraces(Tracer.NOOP, Propagator.NOOP);

    private final BrokerFallback fallback = mock(BrokerFallback.class);
    private final RelayMapper relay = mock(RelayMapper.class);
    private final Broker broker = new Broker();

    OrderEventPublisherTest() {
        when(fallback.publish(any(), any(), any())).thenReturn(Publication.WAITING);
    }

    @Test
    void aSendTheBrokerFailedGoesToTheFallback() {
        broker.answer = () -> {
            throw new MessagingException("send failed", new MQClientException("send message Exception",
                    new RemotingConnectException("127.0.0.1:10911")));
        };

        assertThat(publisher(true).publish(OrderEventType.ORDER_CREATED, 1, "event", () -> { })).isEqualTo(Publication.WAITING);
        verify(fallback).publish(any(), eq(FallbackReason.NOT_STORED), notNull());
    }

    @Test
    void aHalfMessageTheClientRolledBackForItsSendStatusGoesToTheFallback() {
        broker.answer = () -> {
            TransactionSendResult result = new TransactionSendResult();
            result.setSendStatus(SendStatus.FLUSH_DISK_TIMEOUT);
            return result;
        };

        assertThat(publisher(true).publish(OrderEventType.ORDER_CREATED, 1, "event", () -> { })).isEqualTo(Publication.WAITING);
        verify(fallback).publish(any(), eq(FallbackReason.NOT_STORED), notNull());
    }

    @Test
    void aMessageTheClientRefusesIsNotTheBrokersStateAndIsRefusedAsBefore() {
        broker.answer = () -> {
            throw new MessagingException("illegal", new MQClientException(ResponseCode.MESSAGE_ILLEGAL, "the message body size over max value"));
        };

        assertThatThrownBy(() -> publisher(true).publish(OrderEventType.ORDER_CREATED, 1, "event", () -> { }))
                .isInstanceOfSatisfying(NotPublishedException.class,
                        e -> assertThat(e.reason()).isEqualTo(NotPublishedReason.BROKER_UNAVAILABLE));
        verify(fallback, never()).publish(any(), any(), any());
    }

    @Test
    void withTheSwitchOffABrokerThatCannotStoreRefusesThePublicationAndNothingIsWritten() {
        broker.answer = () -> {
            throw new MessagingException("send failed", new RemotingConnectException("127.0.0.1:10911"));
        };
        OrderEventPublisher publisher = publisher(false);

        for (int i = 0; i < 5; i++) {
            assertThatThrownBy(() -> publisher.publish(OrderEventType.ORDER_CREATED, 1, "event", () -> { }))
                    .isInstanceOfSatisfying(NotPublishedException.class,
                            e -> assertThat(e.reason()).isEqualTo(NotPublishedReason.BROKER_UNAVAILABLE));
        }
        // no breaker with the switch off: every publication asks the broker, as before
        assertThat(broker.sends).isEqualTo(5);
        verify(fallback, never()).publish(any(), any(), any());
    }

    @Test
    void onceSendsFailTheBreakerOpensAndPublicationsNoLongerAskTheBroker() {
        broker.answer = () -> {
            throw new MessagingException("send failed", new RemotingConnectException("127.0.0.1:10911"));
        };
        BrokerBreaker breaker = new BrokerBreaker(properties(true));
        OrderEventPublisher publisher = new OrderEventPublisher(broker, UNTRACED, breaker, fallback, relay, properties(true));

        for (int i = 0; i < 10; i++) {
            assertThat(publisher.publish(OrderEventType.ORDER_CREATED, i, "event", () -> { })).isEqualTo(Publication.WAITING);
        }

        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.OPEN);
        assertThat(broker.sends).as("sends before the breaker opened").isEqualTo(3);
        verify(fallback, times(3)).publish(any(), eq(FallbackReason.NOT_STORED), notNull());
        verify(fallback, times(7)).publish(any(), eq(FallbackReason.BREAKER_OPEN), isNull());
    }

    @Test
    void aCancelWhoseOrdersCreationStillWaitsWaitsToo() {
        when(relay.waiting(7)).thenReturn(true);

        assertThat(publisher(true).publish(OrderEventType.ORDER_CANCELED, 7, "event", () -> { })).isEqualTo(Publication.WAITING);
        assertThat(broker.sends).isZero();
        verify(fallback).publish(any(), eq(FallbackReason.EARLIER_EVENT_WAITING), isNull());
    }

    @Test
    void theCheckBackOfATimedOutHalfMessageIsTheBrokersStateWhateverItsCause() {
        assertThat(NotStored.byTheBroker(new MessagingException("timeout", new MQClientException("send message Exception",
                new org.apache.rocketmq.remoting.exception.RemotingTimeoutException("127.0.0.1:10911", 3000))))).isTrue();
        assertThat(NotStored.byTheBroker(new IllegalStateException("half message send status SLAVE_NOT_AVAILABLE"))).isTrue();
    }

    private OrderEventPublisher publisher(boolean fallbackOn) {
        return new OrderEventPublisher(broker, UNTRACED, new BrokerBreaker(properties(fallbackOn)), fallback, relay,
                properties(fallbackOn));
    }

    private static BrokerFallbackProperties properties(boolean enabled) {
        return new BrokerFallbackProperties(enabled, 50, 10, 3, Duration.ofMinutes(1), 2);
    }

    /** A broker that answers every half message as told, without running its local transaction. */
    private static final class Broker extends RocketMQTemplate {

        Supplier<TransactionSendResult> answer = () -> {
            throw new AssertionError("no send expected");
        };
        int sends;

        @Override
        public TransactionSendResult sendMessageInTransaction(String destination, Message<?> message, Object argument) {
            sends++;
            return answer.get();
        }
    }
}
