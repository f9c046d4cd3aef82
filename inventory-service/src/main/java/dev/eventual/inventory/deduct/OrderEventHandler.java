package dev.eventual.inventory.deduct;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.inventory.config.InventoryMetrics;
import dev.eventual.inventory.report.OrderStatusReporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

import java.util.function.Supplier;

/**
 * Applies an order event to stock (one local transaction), then reports the result to
 * order-service. Used by the broker listener and by the internal retry/release API alike.
 */
@Service
public class OrderEventHandler {

    private static final Logger log = LoggerFactory.getLogger(OrderEventHandler.class);

    private final StockLedger ledger;
    private final OrderStatusReporter reporter;
    private final InventoryMetrics metrics;

    public OrderEventHandler(StockLedger ledger, OrderStatusReporter reporter, InventoryMetrics metrics) {
        this.ledger = ledger;
        this.reporter = reporter;
        this.metrics = metrics;
    }

    public DeductOutcome onCreated(OrderCreatedEvent event, boolean retryFailed) {
        DeductOutcome outcome = onceMore(() -> ledger.deduct(event, retryFailed));
        log.info("Order {}: created event {} -> {} ({})", event.orderId(), outcome.duplicate() ? "seen again" : "applied",
                outcome.status(), outcome.detail());
        metrics.handled(OrderEventType.ORDER_CREATED.name(), outcome);
        reporter.report(event.orderId(), OrderEventType.ORDER_CREATED,
                outcome.status() == DeductStatus.SUCCESS ? ConsumeStatus.SUCCESS : ConsumeStatus.FAIL, outcome.detail());
        return outcome;
    }

    public DeductOutcome onCanceled(OrderCanceledEvent event) {
        DeductOutcome outcome = onceMore(() -> ledger.release(event));
        log.info("Order {}: canceled event {} -> {} ({})", event.orderId(), outcome.duplicate() ? "seen again" : "applied",
                outcome.status(), outcome.detail());
        metrics.handled(OrderEventType.ORDER_CANCELED.name(), outcome);
        reporter.report(event.orderId(), OrderEventType.ORDER_CANCELED, ConsumeStatus.SUCCESS, outcome.detail());
        return outcome;
    }

    /**
     * A concurrent delivery of the same event may win the insert of the deduct record; our
     * transaction then rolled back whole, and a second run finds the winner's record.
     */
    private static DeductOutcome onceMore(Supplier<DeductOutcome> work) {
        try {
            return work.get();
        } catch (DuplicateKeyException concurrentDelivery) {
            return work.get();
        }
    }
}
