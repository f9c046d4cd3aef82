package dev.eventual.inventory.deduct;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.consumer.receive.OrderEventBatchHandler;
import dev.eventual.consumer.receive.PartialBatchFailure;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.consumer.report.ReportCoalescer;
import dev.eventual.consumer.report.ReportNotTakenException;
import dev.eventual.consumer.report.StatusReport;
import dev.eventual.tracing.OrderTraces;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

import java.util.List;
import java.util.function.Supplier;

/**
 * Applies order events to stock, then reports each result to order-service (coalesced). Batches come
 * from the broker; single events from the one-by-one fallback and the internal retry/release API.
 */
@Service
public class OrderEventHandler implements OrderEventBatchHandler {

    private static final Logger log = LoggerFactory.getLogger(OrderEventHandler.class);

    private final StockLedger ledger;
    private final ReportCoalescer reports;
    private final InventoryMetrics metrics;
    private final OrderTraces traces;
    private final List<DeductObserver> observers;

    public OrderEventHandler(StockLedger ledger, ReportCoalescer reports, InventoryMetrics metrics,
                             OrderTraces traces, List<DeductObserver> observers) {
        this.ledger = ledger;
        this.reports = reports;
        this.metrics = metrics;
        this.traces = traces;
        this.observers = List.copyOf(observers);
    }

    @Override
    public void handleAll(List<ReceivedEvent> events) {
        events.stream().filter(ReceivedEvent::redelivered).forEach(event -> metrics.redelivered());
        List<DeductOutcome> outcomes = applyAll(events, false, true);
        for (int i = 0; i < events.size(); i++) {
            try {
                confirmRefusal(events.get(i), outcomes.get(i));
            } catch (ReportNotTakenException e) {
                throw new PartialBatchFailure(i, e);
            }
        }
    }

    /**
     * A batch from the reconcile job's re-drive API in one transaction: creates (a recorded FAIL is
     * tried again) and cancels, each reported as a delivery's would be.
     */
    public List<DeductOutcome> redriveAll(List<ReceivedEvent> events) {
        return onceMore(() -> applyAll(events, true, false));
    }

    /** @param delivered a broker delivery, whose refusals {@link #confirmRefusal} reports */
    private List<DeductOutcome> applyAll(List<ReceivedEvent> events, boolean retryFailed, boolean delivered) {
        List<DeductOutcome> outcomes = ledger.applyAll(events, retryFailed);
        for (int i = 0; i < events.size(); i++) {
            done(events.get(i), outcomes.get(i), delivered);
        }
        return outcomes;
    }

    @Override
    public void handle(ReceivedEvent event) {
        confirmRefusal(event, switch (event.type()) {
            case ORDER_CREATED -> done(event, onceMore(() -> ledger.deduct(event.created(), false)), true);
            case ORDER_CANCELED -> done(event, onceMore(() -> ledger.release(event.canceled())), true);
        });
    }

    /**
     * A delivery the ledger refused is acknowledged only once order-service took the REFUSED report, which hands
     * the event back to reconciliation and so to a work order: a lost report (order-service down, a crash after
     * the commit) would leave the refusal without one, as nothing looks at a finished event again. Until then the
     * broker delivers it again, which finds the REFUSED record and reports once more (docs/retention.md). The
     * re-drive API needs none of this: its caller reads the refusal from the answer.
     *
     * @throws ReportNotTakenException when order-service did not take it
     */
    private void confirmRefusal(ReceivedEvent event, DeductOutcome outcome) {
        if (outcome.status() == DeductStatus.REFUSED) {
            try (OrderTraces.OrderScope scope = traces.resume("order event", outcome.orderId(), event.traceparent())) {
                reports.reportNow(new StatusReport(outcome.orderId(), event.type(), ConsumeStatus.REFUSED, outcome.detail()));
            }
        }
    }

    /** One create event outside a batch, in the caller's trace (the ledger's seam for tests and fences). */
    public DeductOutcome onCreated(OrderCreatedEvent event, boolean retryFailed) {
        return done(ReceivedEvent.of(event, 1, null), onceMore(() -> ledger.deduct(event, retryFailed)), false);
    }

    /** One cancel event outside a batch, in the caller's trace. */
    public DeductOutcome onCanceled(OrderCanceledEvent event) {
        return done(ReceivedEvent.of(event, 1, null), onceMore(() -> ledger.release(event)), false);
    }

    @Override
    public void dropped(String orderKey, String messageId, String tag, RuntimeException cause) {
        metrics.failure(InventoryMetrics.Failure.MALFORMED);
        log.error("Order {}: dropped malformed message {} (tag {}): {}", orderKey, messageId, tag, cause.getMessage());
    }

    @Override
    public void failed(ReceivedEvent event, RuntimeException cause) {
        metrics.failure(InventoryMetrics.Failure.TECHNICAL);
        try (OrderTraces.OrderScope scope = traces.resume("order event", event.orderId(), event.traceparent())) {
            log.warn("Order {}: {} not applied, the broker will redeliver (delivery {}): {}", event.orderId(),
                    event.type(), event.deliveries(), cause.toString());
        }
    }

    /**
     * Tells the observers, logs and reports the committed outcome in the order's trace: the report
     * carries it on to order-service.
     */
    private DeductOutcome done(ReceivedEvent event, DeductOutcome outcome, boolean delivered) {
        try (OrderTraces.OrderScope scope = traces.resume("order event", outcome.orderId(), event.traceparent())) {
            long sku = event.type() == OrderEventType.ORDER_CREATED ? event.created().skuId() : event.canceled().skuId();
            observers.forEach(observer -> observer.applied(event.type(), sku, outcome));
            return reported(event.type(), outcome, delivered);
        }
    }

    private DeductOutcome reported(OrderEventType type, DeductOutcome outcome, boolean delivered) {
        boolean refused = outcome.status() == DeductStatus.REFUSED;
        if (refused) {
            // not applied, and no delivery ever will be: a work order asks a person (docs/retention.md)
            log.warn("Order {}: {} {} -> REFUSED ({})", outcome.orderId(), type,
                    outcome.duplicate() ? "seen again" : "not applied", outcome.detail());
        } else {
            log.info("Order {}: {} {} -> {} ({})", outcome.orderId(), type, outcome.duplicate() ? "seen again" : "applied",
                    outcome.status(), outcome.detail());
        }
        metrics.handled(type, outcome);
        // a refusal replaces whatever was reported before: order-service hands the event back to reconciliation
        ConsumeStatus reported = refused ? ConsumeStatus.REFUSED
                : type == OrderEventType.ORDER_CANCELED || outcome.status() == DeductStatus.SUCCESS
                ? ConsumeStatus.SUCCESS : ConsumeStatus.FAIL;
        if (!(refused && delivered)) { // a delivery's refusal is reported at once, by confirmRefusal
            reports.submit(new StatusReport(outcome.orderId(), type, reported, outcome.detail()));
        }
        return outcome;
    }

    /**
     * A concurrent delivery of the same event may win the insert of the deduct record; our
     * transaction then rolled back whole, and a second run finds the winner's record.
     */
    private static <T> T onceMore(Supplier<T> work) {
        try {
            return work.get();
        } catch (DuplicateKeyException concurrentDelivery) {
            return work.get();
        }
    }
}
