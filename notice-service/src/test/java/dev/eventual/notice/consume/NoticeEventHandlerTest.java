package dev.eventual.notice.consume;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.api.ConsumerReports;
import dev.eventual.common.api.ConsumerStatusBatchResult;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.consumer.ConsumerProperties;
import dev.eventual.consumer.receive.PartialBatchFailure;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.consumer.report.ReportCoalescer;
import dev.eventual.consumer.report.ReportNotTakenException;
import dev.eventual.notice.channel.ChannelType;
import dev.eventual.notice.compose.NoticeRequest;
import dev.eventual.notice.config.NoticeMetrics;
import dev.eventual.notice.config.NoticeProperties;
import dev.eventual.notice.delivery.ChannelUnavailableException;
import dev.eventual.notice.delivery.DeliveryAttempt;
import dev.eventual.notice.delivery.DeliveryOutcome;
import dev.eventual.notice.delivery.DeliveryResult;
import dev.eventual.notice.delivery.NoticeDelivery;
import dev.eventual.notice.store.NoticeStatus;
import dev.eventual.tracing.OrderTraces;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/**
 * What notice-service acknowledges and what it hands back to the broker, with the delivery faked. The handler passes
 * each event's own time on and judges nothing by it: whether an event is too late is the delivery's to say, with the
 * notice's record ({@code NoticeDeliveryTest}), so any fixed time serves here.
 */
class NoticeEventHandlerTest {

    private static final Instant BORN = Instant.parse("2026-11-20T09:41:27.318Z");

    private final NoticeDelivery delivery = mock(NoticeDelivery.class);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final OrderTraces traces = new OrderTraces(Tracer.NOOP, Propagator.NOOP);
    /** What order-service took, and whether it is down. */
    private final List<ConsumerReports.Report> taken = new ArrayList<>();
    private boolean orderServiceDown;
    private final NoticeEventHandler handler = new NoticeEventHandler(delivery,
            new ReportCoalescer(OrderMessaging.NOTICE_CONSUMER_GROUP, this::take, new ConsumerProperties.Report(Duration.ZERO, 500),
                    traces, registry, "eventual.notice.report-failures"),
            new NoticeMetrics(registry), traces);

    @Test
    void theListenerUsesTheConfiguredRedeliveryLimit() {
        NoticeProperties properties = new NoticeProperties(ChannelType.LOG, 7, Duration.ofSeconds(30),
                "user-{userId}@example.com", "no-reply@eventual.example", Duration.ofSeconds(3));
        OrderEventListener listener = new OrderEventListener(handler,
                new ConsumerProperties(32, 8, Duration.ZERO, new ConsumerProperties.Report(Duration.ofMillis(20), 500)), properties);
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("unused");

        listener.prepareStart(consumer);

        assertThat(consumer.getMaxReconsumeTimes()).isEqualTo(7);
    }

    @Test
    void dispatchesOnTheTypeAndCountsAHandledEvent() {
        when(delivery.deliver(any())).thenReturn(new DeliveryResult(DeliveryOutcome.SENT, NoticeStatus.SUCCESS, "sent"));

        handler.handle(ReceivedEvent.of(new OrderCreatedEvent(1, 42, 7, 3, 2, BORN), 1, null));

        verify(delivery).deliver(new NoticeRequest(42, OrderEventType.ORDER_CREATED, 7, 3, 2, null, BORN));
        assertThat(registry.counter("eventual.notice.consumed", "type", "ORDER_CREATED").count()).isEqualTo(1);
    }

    @Test
    void aRefusedNoticeIsAcknowledged() {
        when(delivery.deliver(any())).thenReturn(new DeliveryResult(DeliveryOutcome.REFUSED, NoticeStatus.FAIL, "refused"));

        handler.handle(ReceivedEvent.of(new OrderCreatedEvent(1, 42, 7, 3, 2, BORN), 1, null));

        assertThat(registry.counter("eventual.notice.consumed", "type", "ORDER_CREATED").count()).isEqualTo(1);
    }

    /**
     * Its notice may have gone out already: nothing is sent; order-service hears REFUSED at once (its work order),
     * and only then is the message acknowledged.
     */
    @Test
    void aNoticeRefusedForItsLateEventIsAcknowledgedOnceOrderServiceTookTheRefusal() {
        when(delivery.deliver(any())).thenReturn(new DeliveryResult(DeliveryOutcome.TOO_LATE, NoticeStatus.REFUSED,
                "refused: event born " + BORN + ", older than the retention 30d; nothing sent"));

        handler.handle(ReceivedEvent.of(new OrderCreatedEvent(1, 42, 7, 3, 2, BORN), 2, null));

        verify(delivery).deliver(new NoticeRequest(42, OrderEventType.ORDER_CREATED, 7, 3, 2, null, BORN));
        assertThat(taken).extracting(ConsumerReports.Report::orderId, ConsumerReports.Report::status)
                .containsExactly(tuple("42", ConsumeStatus.REFUSED));
        assertThat(registry.counter("eventual.notice.consumed", "type", "ORDER_CREATED").count()).isEqualTo(1);
    }

    /** A refusal order-service did not hear of would never become a work order: the broker delivers it again. */
    @Test
    void aRefusalOrderServiceDidNotTakeGoesBackToTheBroker() {
        orderServiceDown = true;
        when(delivery.deliver(any())).thenReturn(new DeliveryResult(DeliveryOutcome.TOO_LATE, NoticeStatus.REFUSED,
                "refused: nothing sent"));
        when(delivery.deliverAll(any())).thenReturn(List.of(
                new DeliveryAttempt(new DeliveryResult(DeliveryOutcome.SENT, NoticeStatus.SUCCESS, "sent"), null),
                new DeliveryAttempt(new DeliveryResult(DeliveryOutcome.TOO_LATE, NoticeStatus.REFUSED, "refused"), null),
                new DeliveryAttempt(new DeliveryResult(DeliveryOutcome.SENT, NoticeStatus.SUCCESS, "sent"), null)));

        assertThatThrownBy(() -> handler.handle(ReceivedEvent.of(new OrderCreatedEvent(1, 42, 7, 3, 2, BORN), 2, null)))
                .isInstanceOf(ReportNotTakenException.class);
        assertThatThrownBy(() -> handler.handleAll(List.of(
                ReceivedEvent.of(new OrderCreatedEvent(1, 41, 7, 3, 2, BORN), 1, null),
                ReceivedEvent.of(new OrderCreatedEvent(1, 42, 7, 3, 2, BORN), 2, null),
                ReceivedEvent.of(new OrderCreatedEvent(1, 43, 7, 3, 2, BORN), 1, null))))
                .isInstanceOfSatisfying(PartialBatchFailure.class, failure -> {
                    assertThat(failure.applied()).isEqualTo(1);
                    assertThat(failure.getCause()).isInstanceOf(ReportNotTakenException.class);
                });
        assertThat(registry.counter("eventual.notice.consumed", "type", "ORDER_CREATED").count()).isEqualTo(1);
    }

    private ConsumerStatusBatchResult take(ConsumerReports batch) {
        if (orderServiceDown) {
            throw new IllegalStateException("Connection refused");
        }
        taken.addAll(batch.reports());
        return new ConsumerStatusBatchResult(batch.reports().size(), 0, List.of());
    }

    @Test
    void anEventNoRealOrderCanHaveIsCountedAndAcknowledgedWithoutADelivery() {
        handler.handle(ReceivedEvent.of(new OrderCreatedEvent(1, 0, 1, 1, 1, BORN), 1, null));
        handler.handle(ReceivedEvent.of(new OrderCanceledEvent(1, 42, 1, 1, 0, "user", BORN, BORN), 1, null));

        verify(delivery, never()).deliver(any());
        assertThat(registry.counter("eventual.notice.failures", "reason", "malformed").count()).isEqualTo(2);
    }

    @Test
    void aTechnicalFailureGoesBackToTheBroker() {
        when(delivery.deliver(any())).thenThrow(new ChannelUnavailableException(42, OrderEventType.ORDER_CREATED,
                new IllegalStateException("Connection refused")));

        assertThatThrownBy(() -> handler.handle(
                ReceivedEvent.of(new OrderCreatedEvent(1, 42, 7, 3, 2, BORN), 1, null)))
                .isInstanceOf(ChannelUnavailableException.class);
        assertThat(registry.find("eventual.notice.consumed").counters())
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
    }

    @Test
    void aNoticeHeldByAnotherDeliveryIsRedeliveredLater() {
        when(delivery.deliver(any())).thenReturn(new DeliveryResult(DeliveryOutcome.IN_PROGRESS, NoticeStatus.PROCESSING, "held"));

        assertThatThrownBy(() -> handler.handle(
                ReceivedEvent.of(new OrderCreatedEvent(1, 42, 7, 3, 2, BORN), 1, null)))
                .isInstanceOf(NoticeInProgressException.class);
        assertThat(registry.find("eventual.notice.consumed").counters())
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
    }

    @Test
    void aBatchSaysHowManyNoticesWentOutBeforeTheOneThatFailed() {
        ChannelUnavailableException down = new ChannelUnavailableException(43, OrderEventType.ORDER_CREATED,
                new IllegalStateException("down"));
        when(delivery.deliverAll(any())).thenReturn(List.of(
                new DeliveryAttempt(new DeliveryResult(DeliveryOutcome.SENT, NoticeStatus.SUCCESS, "sent"), null),
                new DeliveryAttempt(null, down)));

        assertThatThrownBy(() -> handler.handleAll(List.of(
                ReceivedEvent.of(new OrderCreatedEvent(1, 42, 7, 3, 2, BORN), 1, null),
                ReceivedEvent.of(new OrderCreatedEvent(1, 43, 7, 3, 2, BORN), 1, null),
                ReceivedEvent.of(new OrderCreatedEvent(1, 44, 7, 3, 2, BORN), 1, null))))
                .isInstanceOfSatisfying(PartialBatchFailure.class, failure -> {
                    assertThat(failure.applied()).isEqualTo(1);
                    assertThat(failure.getCause()).isSameAs(down);
                });
        assertThat(registry.counter("eventual.notice.consumed", "type", "ORDER_CREATED").count()).isEqualTo(1);
    }

    @Test
    void inABatchAnEventNoOrderCanHaveIsDroppedAndANoticeHeldElsewhereStopsIt() {
        when(delivery.deliverAll(any())).thenReturn(List.of(
                new DeliveryAttempt(new DeliveryResult(DeliveryOutcome.SENT, NoticeStatus.SUCCESS, "sent"), null),
                new DeliveryAttempt(new DeliveryResult(DeliveryOutcome.IN_PROGRESS, NoticeStatus.PROCESSING, "held"), null)));

        assertThatThrownBy(() -> handler.handleAll(List.of(
                ReceivedEvent.of(new OrderCreatedEvent(1, 0, 7, 3, 2, BORN), 1, null),
                ReceivedEvent.of(new OrderCreatedEvent(1, 42, 7, 3, 2, BORN), 1, null),
                ReceivedEvent.of(new OrderCreatedEvent(1, 43, 7, 3, 2, BORN), 1, null))))
                .isInstanceOfSatisfying(PartialBatchFailure.class, failure -> {
                    // positions are the batch's: the dropped event 0 counts as handled
                    assertThat(failure.applied()).isEqualTo(2);
                    assertThat(failure.getCause()).isInstanceOf(NoticeInProgressException.class);
                });
        verify(delivery).deliverAll(List.of(new NoticeRequest(42, OrderEventType.ORDER_CREATED, 7, 3, 2, null, BORN),
                new NoticeRequest(43, OrderEventType.ORDER_CREATED, 7, 3, 2, null, BORN)));
        assertThat(registry.counter("eventual.notice.failures", "reason", "malformed").count()).isEqualTo(1);
    }
}
