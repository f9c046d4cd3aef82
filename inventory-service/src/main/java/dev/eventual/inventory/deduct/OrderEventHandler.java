package dev.eventual.inventory.deduct;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.consumer.receive.OrderEventBatchHandler;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.consumer.report.ReportCoalescer;
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
        applyAll(events, false);
    }

    /**
     * A batch from the reconcile job's re-drive API in one transaction: creates (a recorded FAIL is
     * tried again) and cancels, each reported as a delivery's would be.
     */
    public List<DeductOutcome> redriveAll(List<ReceivedEvent> events) {
        return onceMore(() -> applyAll(events, true));
    }

    private List<DeductOutcome> applyAll(List<ReceivedEvent> events, boolean retryFailed) {
        List<DeductOutcome> outcomes = ledger.applyAll(events, retryFailed);
        for (int i = 0; i < events.size(); i++) {
            done(events.get(i), outcomes.get(i));
        }
        return outcomes;
    }

    @Override
    public void handle(ReceivedEvent event) {
        switch (event.type()) {
            case ORDER_CREATED -> done(event, onceMore(() -> ledger.deduct(event.created(), false)));
            case ORDER_CANCELED -> done(event, onceMore(() -> ledger.release(event.canceled())));
        }
    }

    /** One create event outside a batch, in the caller's trace (the ledger's seam for tests and fences). */
    public DeductOutcome onCreated(OrderCreatedEvent event, boolean retryFailed) {
        return done(ReceivedEvent.of(event, 1, null), onceMore(() -> ledger.deduct(event, retryFailed)));
    }

    /** One cancel event outside a batch, in the caller's trace. */
    public DeductOutcome onCanceled(OrderCanceledEvent event) {
        return done(ReceivedEvent.of(event, 1, null), onceMore(() -> ledger.release(event)));
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
    private DeductOutcome done(ReceivedEvent event, DeductOutcome outcome) {
        try (OrderTraces.OrderScope scope = traces.resume("order event", outcome.orderId(), event.traceparent())) {
            long sku = event.type() == OrderEventType.ORDER_CREATED ? event.created().skuId() : event.canceled().skuId();
            observers.forEach(observer -> observer.applied(event.type(), sku, outcome));
            return reported(event.type(), outcome);
        }
    }

    private DeductOutcome reported(OrderEventType type, DeductOutcome outcome) {
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
        reports.submit(new StatusReport(outcome.orderId(), type, reported, outcome.detail()));
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
