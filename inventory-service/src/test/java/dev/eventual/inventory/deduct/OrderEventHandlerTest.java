package dev.eventual.inventory.deduct;

import dev.eventual.common.api.ConsumerReports;
import dev.eventual.common.api.ConsumerStatusBatchResult;
import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.consumer.ConsumerProperties;
import dev.eventual.consumer.receive.PartialBatchFailure;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.consumer.report.ReportCoalescer;
import dev.eventual.consumer.report.ReportNotTakenException;
import dev.eventual.tracing.OrderTraces;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/**
 * How the handler reports and counts a refused event (docs/retention.md): a FAIL whatever the event's type, its
 * detail the refusal's, counted once in {@code eventual.inventory.refused}, and the observers told the outcome as
 * it is. The ledger is a stand-in; what it refuses is LateOrdersTest's and the deduct ITs'.
 */
class OrderEventHandlerTest {

    private static final String REFUSAL = "refused: order created 2026-01-02T03:04:05Z, older than the retention 30d";

    private final StockLedger ledger = mock(StockLedger.class);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final List<ConsumerReports.Report> reports = new ArrayList<>();
    private boolean orderServiceDown;
    private final List<String> observed = new ArrayList<>();
    private final OrderTraces traces = new OrderTraces(Tracer.NOOP, Propagator.NOOP);
    private final OrderEventHandler handler = new OrderEventHandler(ledger,
            new ReportCoalescer(OrderMessaging.INVENTORY_CONSUMER_GROUP, this::report,
                    new ConsumerProperties.Report(Duration.ZERO, 500), traces, registry, "eventual.inventory.report-failures"),
            new InventoryMetrics(registry), traces, List.of(new DeductObserver() {
                @Override
                public void releasing(long sku, long orderId, int quantity) {
                    observed.add("releasing " + orderId);
                }

                @Override
                public void applied(OrderEventType type, long sku, DeductOutcome outcome) {
                    observed.add(type + " " + outcome.status());
                }
            }));

    private final OrderCreatedEvent created = new OrderCreatedEvent(2, 11L, 7L, 1001L, 2, Instant.parse("2026-01-02T03:04:05Z"));
    private final OrderCanceledEvent canceled = new OrderCanceledEvent(2, 12L, 7L, 1001L, 2, "test",
            Instant.parse("2026-03-01T00:00:00Z"), Instant.parse("2026-01-02T03:04:05Z"));

    @Test
    void aRefusedCreateIsReportedAsRefusedWithTheReasonAndCountedOnce() {
        when(ledger.deduct(any(), anyBoolean())).thenReturn(new DeductOutcome(11L, DeductStatus.REFUSED, false, REFUSAL),
                new DeductOutcome(11L, DeductStatus.REFUSED, true, REFUSAL));

        handler.onCreated(created, false);
        handler.onCreated(created, false);

        assertThat(reports).extracting(ConsumerReports.Report::orderId, ConsumerReports.Report::status,
                ConsumerReports.Report::detail).containsExactly(tuple("11", ConsumeStatus.REFUSED, REFUSAL),
                tuple("11", ConsumeStatus.REFUSED, REFUSAL));
        assertThat(count("eventual.inventory.refused", "event", "ORDER_CREATED")).isEqualTo(1);
        assertThat(count("eventual.inventory.consumed", "event", "ORDER_CREATED", "outcome", "REFUSED")).isEqualTo(1);
        assertThat(count("eventual.inventory.duplicates", "event", "ORDER_CREATED")).isEqualTo(1);
        assertThat(observed).containsExactly("ORDER_CREATED REFUSED", "ORDER_CREATED REFUSED");
    }

    /**
     * Any other cancel reports SUCCESS (released or fenced, the order's stock is right); a refused one did nothing.
     * A delivery's refusal is reported at once, after the batch's other reports were queued, and before the broker
     * hears the batch was consumed.
     */
    @Test
    void aRefusedCancelIsReportedAsRefusedUnlikeEveryOtherCancel() {
        when(ledger.applyAll(any(), anyBoolean())).thenReturn(List.of(
                new DeductOutcome(12L, DeductStatus.REFUSED, false, REFUSAL),
                new DeductOutcome(13L, DeductStatus.FENCED, false, "fenced")));
        OrderCanceledEvent fenced = new OrderCanceledEvent(2, 13L, 7L, 1001L, 1, "test", Instant.now(), Instant.now());

        handler.handleAll(List.of(ReceivedEvent.of(canceled, 1, null), ReceivedEvent.of(fenced, 1, null)));

        assertThat(reports).extracting(ConsumerReports.Report::orderId, ConsumerReports.Report::eventType,
                ConsumerReports.Report::status, ConsumerReports.Report::detail).containsExactly(
                tuple("13", OrderEventType.ORDER_CANCELED, ConsumeStatus.SUCCESS, "fenced"),
                tuple("12", OrderEventType.ORDER_CANCELED, ConsumeStatus.REFUSED, REFUSAL));
        assertThat(count("eventual.inventory.refused", "event", "ORDER_CANCELED")).isEqualTo(1);
        assertThat(observed).containsExactly("ORDER_CANCELED REFUSED", "ORDER_CANCELED FENCED");
    }

    /**
     * A refusal order-service did not hear of would never become a work order (nothing looks at a finished event
     * again): the delivery goes back to the broker from the refused event on, the events before it are acknowledged.
     */
    @Test
    void aDeliveredRefusalOrderServiceDidNotTakeGoesBackToTheBroker() {
        orderServiceDown = true;
        when(ledger.applyAll(any(), anyBoolean())).thenReturn(List.of(
                new DeductOutcome(13L, DeductStatus.FENCED, false, "fenced"),
                new DeductOutcome(12L, DeductStatus.REFUSED, false, REFUSAL)),
                List.of(new DeductOutcome(11L, DeductStatus.REFUSED, true, REFUSAL)));
        when(ledger.deduct(any(), anyBoolean())).thenReturn(new DeductOutcome(11L, DeductStatus.REFUSED, true, REFUSAL));
        OrderCanceledEvent fenced = new OrderCanceledEvent(2, 13L, 7L, 1001L, 1, "test", Instant.now(), Instant.now());

        assertThatThrownBy(() -> handler.handleAll(List.of(ReceivedEvent.of(fenced, 1, null), ReceivedEvent.of(canceled, 1, null))))
                .isInstanceOfSatisfying(PartialBatchFailure.class, failure -> {
                    assertThat(failure.applied()).isEqualTo(1);
                    assertThat(failure.getCause()).isInstanceOf(ReportNotTakenException.class);
                });
        assertThatThrownBy(() -> handler.handle(ReceivedEvent.of(created, 2, null))).isInstanceOf(ReportNotTakenException.class);
        // a re-drive's caller reads the refusal from the answer: its report stays best effort
        assertThat(handler.redriveAll(List.of(ReceivedEvent.of(created, 1, null))))
                .extracting(DeductOutcome::status).containsExactly(DeductStatus.REFUSED);
        assertThat(reports).isEmpty();
    }

    private ConsumerStatusBatchResult report(ConsumerReports batch) {
        if (orderServiceDown) {
            throw new IllegalStateException("Connection refused");
        }
        reports.addAll(batch.reports());
        return new ConsumerStatusBatchResult(batch.reports().size(), 0, List.of());
    }

    private double count(String name, String... tags) {
        return registry.get(name).tags(tags).counter().count();
    }
}
