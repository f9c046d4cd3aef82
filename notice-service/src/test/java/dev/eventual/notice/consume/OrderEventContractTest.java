package dev.eventual.notice.consume;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.consumer.ConsumerProperties;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.consumer.report.ReportCoalescer;
import dev.eventual.infra.test.EventContracts.Fixture;
import dev.eventual.infra.test.EventContracts;
import dev.eventual.notice.channel.ChannelType;
import dev.eventual.notice.compose.NoticeRequest;
import dev.eventual.notice.config.NoticeMetrics;
import dev.eventual.notice.config.NoticeProperties;
import dev.eventual.notice.delivery.DeliveryAttempt;
import dev.eventual.notice.delivery.DeliveryOutcome;
import dev.eventual.notice.delivery.DeliveryResult;
import dev.eventual.notice.delivery.NoticeDelivery;
import dev.eventual.notice.store.NoticeStatus;
import dev.eventual.tracing.OrderTraces;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyContext;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/**
 * notice-service reads every kept schema version's payloads (test-fixtures, event-contracts/README.md)
 * as its broker listener receives them: consumer-support decodes the body into the order the fixture
 * describes, and the handler turns it into the notice of that order, born at its own event's time, and has it
 * delivered. The delivery (claim, channel, record) is a stand-in that sends everything; it is for the delivery tests
 * and ITs. It is also where an event's age is judged (with its record, docs/retention.md), so the fixtures' fixed
 * dates never age into a refusal here: this test reads the time, the delivery tests judge it with a fixed clock.
 */
class OrderEventContractTest {

    private final NoticeDelivery delivery = mock(NoticeDelivery.class);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final RecordingHandler handler = new RecordingHandler(delivery, new NoticeMetrics(registry));
    private final OrderEventListener listener = new OrderEventListener(handler,
            new ConsumerProperties(32, 1, Duration.ZERO, new ConsumerProperties.Report(Duration.ZERO, 500)),
            new NoticeProperties(ChannelType.LOG, 16, Duration.ofSeconds(30), "user-{userId}@example.com",
                    "no-reply@eventual.example", Duration.ofSeconds(3)));

    @ParameterizedTest(name = "{0}")
    @MethodSource(EventContracts.CREATED)
    void anOrderCreatedPayloadOfEveryKeptVersionSendsTheOrdersNotice(Fixture fixture) {
        assertThat(consume(fixture)).isEqualTo(ConsumeConcurrentlyStatus.CONSUME_SUCCESS);

        assertThat(handler.received)
                .containsExactly(ReceivedEvent.of(EventContracts.created(fixture.version()), 1, null));
        verify(delivery).deliverAll(List.of(new NoticeRequest(EventContracts.ORDER_ID, OrderEventType.ORDER_CREATED,
                EventContracts.USER_ID, EventContracts.SKU_ID, EventContracts.QUANTITY, null, EventContracts.CREATED_AT)));
        assertThat(registry.counter("eventual.notice.consumed", "type", "ORDER_CREATED").count()).isEqualTo(1);
        assertThat(registry.find("eventual.notice.failures").counters())
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(EventContracts.CANCELED)
    void anOrderCanceledPayloadOfEveryKeptVersionSendsTheCancelNoticeWithItsReason(Fixture fixture) {
        assertThat(consume(fixture)).isEqualTo(ConsumeConcurrentlyStatus.CONSUME_SUCCESS);

        assertThat(handler.received)
                .containsExactly(ReceivedEvent.of(EventContracts.canceled(fixture.version()), 1, null));
        verify(delivery).deliverAll(List.of(new NoticeRequest(EventContracts.ORDER_ID, OrderEventType.ORDER_CANCELED,
                EventContracts.USER_ID, EventContracts.SKU_ID, EventContracts.QUANTITY, EventContracts.REASON,
                EventContracts.CANCELED_AT)));
        assertThat(registry.counter("eventual.notice.consumed", "type", "ORDER_CANCELED").count()).isEqualTo(1);
        assertThat(registry.find("eventual.notice.failures").counters())
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
    }

    private ConsumeConcurrentlyStatus consume(Fixture fixture) {
        when(delivery.deliverAll(any())).thenAnswer(call -> ((List<?>) call.getArgument(0)).stream()
                .map(request -> new DeliveryAttempt(new DeliveryResult(DeliveryOutcome.SENT, NoticeStatus.SUCCESS, "sent"), null))
                .toList());
        MessageExt message = new MessageExt();
        message.setTags(fixture.type().tag());
        message.setKeys(Long.toString(EventContracts.ORDER_ID));
        message.setBody(fixture.bytes());
        return listener.consumeMessage(List.of(message), new ConsumeConcurrentlyContext(new MessageQueue()));
    }

    /** notice's handler as it is, keeping what the listener decoded for it. */
    private static final class RecordingHandler extends NoticeEventHandler {
        final List<ReceivedEvent> received = new ArrayList<>();

        RecordingHandler(NoticeDelivery delivery, NoticeMetrics metrics) {
            // no fixture is a late event: nothing is refused, so nothing is reported at once
            super(delivery, new ReportCoalescer(OrderMessaging.NOTICE_CONSUMER_GROUP, reports -> {
                throw new AssertionError("no refusal expected: " + reports);
            }, new ConsumerProperties.Report(Duration.ZERO, 500), new OrderTraces(Tracer.NOOP, Propagator.NOOP),
                    new SimpleMeterRegistry(), "eventual.notice.report-failures"), metrics,
                    new OrderTraces(Tracer.NOOP, Propagator.NOOP));
        }

        @Override
        public void handleAll(List<ReceivedEvent> events) {
            received.addAll(events);
            super.handleAll(events);
        }
    }
}
