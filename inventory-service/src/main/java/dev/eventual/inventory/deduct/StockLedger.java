package dev.eventual.inventory.deduct;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.inventory.stock.StockMapper;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The exactly-once effect on stock (DESIGN §5): each method is ONE local transaction in which the
 * deduct record of the order and the stock change commit together. A redelivered or duplicated
 * event finds the record and changes nothing. Lock order is always deduct record, then SKU row, so
 * concurrent orders on a hot SKU queue up on the SKU row and never deadlock. READ COMMITTED keeps
 * locking reads of absent rows free of gap locks.
 */
@Service
public class StockLedger {

    private final DeductLogMapper log;
    private final StockMapper stock;

    public StockLedger(DeductLogMapper log, StockMapper stock) {
        this.log = log;
        this.stock = stock;
    }

    /**
     * @param retryFailed true for the reconcile retry API: a recorded FAIL is attempted again;
     *                    broker (re)deliveries pass false, so a business failure is never retried by them
     * @throws org.springframework.dao.DuplicateKeyException when a concurrent delivery claimed the order first
     */
    @Transactional(isolation = Isolation.READ_COMMITTED)
    public DeductOutcome deduct(OrderCreatedEvent event, boolean retryFailed) {
        DeductRecord existing = log.lock(event.orderId());
        if (existing == null) {
            log.insert(new DeductRecord(event.orderId(), event.skuId(), event.quantity(), DeductStatus.SUCCESS, null));
            return takeStock(event, false);
        }
        if (existing.status() == DeductStatus.FAIL && retryFailed) {
            return takeStock(event, true);
        }
        return new DeductOutcome(event.orderId(), existing.status(), true, existing.failReason());
    }

    /** Gives a deduction back once, or fences an order whose create has not (successfully) been seen. */
    @Transactional(isolation = Isolation.READ_COMMITTED)
    public DeductOutcome release(OrderCanceledEvent event) {
        DeductRecord existing = log.lock(event.orderId());
        if (existing == null) {
            log.insert(new DeductRecord(event.orderId(), event.skuId(), event.quantity(), DeductStatus.FENCED,
                    "canceled before the order was seen"));
            return new DeductOutcome(event.orderId(), DeductStatus.FENCED, false, "fenced");
        }
        return switch (existing.status()) {
            case SUCCESS -> {
                stock.restore(existing.skuId(), existing.quantity());
                log.setStatus(event.orderId(), DeductStatus.RELEASED, null);
                yield new DeductOutcome(event.orderId(), DeductStatus.RELEASED, false, "released " + existing.quantity());
            }
            case FAIL -> {
                log.setStatus(event.orderId(), DeductStatus.FENCED, "canceled after a failed deduction");
                yield new DeductOutcome(event.orderId(), DeductStatus.FENCED, false, "nothing to release");
            }
            case RELEASED, FENCED -> new DeductOutcome(event.orderId(), existing.status(), true, existing.failReason());
        };
    }

    private DeductOutcome takeStock(OrderCreatedEvent event, boolean wasFailed) {
        if (stock.deduct(event.skuId(), event.quantity()) == 1) {
            if (wasFailed) {
                log.setStatus(event.orderId(), DeductStatus.SUCCESS, null);
            }
            return new DeductOutcome(event.orderId(), DeductStatus.SUCCESS, false, "deducted " + event.quantity());
        }
        String reason = stock.stockOf(event.skuId()) == null ? "unknown sku " + event.skuId()
                : "insufficient stock for sku " + event.skuId();
        log.setStatus(event.orderId(), DeductStatus.FAIL, reason);
        return new DeductOutcome(event.orderId(), DeductStatus.FAIL, false, reason);
    }
}
