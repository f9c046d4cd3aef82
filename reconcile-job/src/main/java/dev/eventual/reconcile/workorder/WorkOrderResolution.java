package dev.eventual.reconcile.workorder;

import dev.eventual.reconcile.downstream.OrderCancelClient;
import dev.eventual.reconcile.scan.DueRowMapper;
import dev.eventual.web.tracing.OrderTraces;
import feign.FeignException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * An operator's action on an open work order. Every attempt is audited with its outcome: APPLIED,
 * REJECTED (illegal now, 409) or FAILED (order-service could not be reached, 503).
 */
@Service
public class WorkOrderResolution {

    private static final Logger log = LoggerFactory.getLogger(WorkOrderResolution.class);

    private final WorkOrderMapper workOrders;
    private final OrderCancelClient orders;
    private final TransactionTemplate transaction;
    private final DueRowMapper events;
    private final OrderTraces traces;

    public WorkOrderResolution(WorkOrderMapper workOrders, OrderCancelClient orders, TransactionTemplate transaction,
                               DueRowMapper events, OrderTraces traces) {
        this.workOrders = workOrders;
        this.orders = orders;
        this.transaction = transaction;
        this.events = events;
        this.traces = traces;
    }

    /**
     * Applies the operator's action in the order's trace (the event's stored one), so the cancel it
     * asks order-service for and the re-drives it hands back are found under the order's trace id.
     */
    public void resolve(long id, ResolveRequest request) {
        WorkOrderRow workOrder = workOrders.find(id);
        if (workOrder == null) {
            throw new WorkOrderNotFoundException(id);
        }
        try (OrderTraces.OrderScope scope = traces.resume("work order " + request.action(), workOrder.orderId(),
                events.traceParentOf(workOrder.messageLogId()))) {
            resolve(workOrder, request);
        }
    }

    private void resolve(WorkOrderRow workOrder, ResolveRequest request) {
        long id = workOrder.id();
        if (workOrder.status() != WorkOrderStatus.OPEN) {
            throw rejected(id, request, "work order " + id + " is " + workOrder.status());
        }
        if (request.action() == WorkOrderAction.CANCEL_ORDER) {
            cancelOrder(workOrder, request);
        }
        String refusal = transaction.execute(status -> apply(id, request));
        if (refusal != null) {
            throw rejected(id, request, refusal);
        }
        log.info("Order {}: work order {} resolved with {} by {}", workOrder.orderId(), id, request.action(),
                request.operator());
    }

    /** @return null when applied, else why not (the caller audits and answers 409) */
    private String apply(long id, ResolveRequest request) {
        WorkOrderRow workOrder = workOrders.lock(id);
        if (workOrder.status() != WorkOrderStatus.OPEN) {
            return "work order " + id + " was resolved meanwhile";
        }
        // RETRY and CANCEL_ORDER hand the event back to reconciliation (a canceled order's created
        // event then reconciles as done, its ORDER_CANCELED event releases the stock); CLOSE ends it.
        int changed = request.action() == WorkOrderAction.CLOSE
                ? workOrders.closeByHand(workOrder.messageLogId()) : workOrders.requeue(workOrder.messageLogId());
        if (changed == 0) {
            return "the event of work order " + id + " is no longer FAIL";
        }
        workOrders.resolve(id, request.action(), request.operator(), request.note());
        workOrders.audit(id, request.action().name(), request.operator(), request.note(), "APPLIED", null);
        return null;
    }

    private void cancelOrder(WorkOrderRow workOrder, ResolveRequest request) {
        try {
            orders.cancel(Long.toString(workOrder.orderId()), new OrderCancelClient.CancelRequest(
                    "work order " + workOrder.id() + ": " + (request.note() == null ? "canceled by operator" : request.note())));
        } catch (FeignException.Conflict | FeignException.NotFound e) {
            throw rejected(workOrder.id(), request, "order-service refused the cancel: " + e.status());
        } catch (RuntimeException e) {
            workOrders.audit(workOrder.id(), request.action().name(), request.operator(), request.note(), "FAILED",
                    truncate(e.toString()));
            throw new OrderNotCanceledException(e);
        }
    }

    private WorkOrderRefusedException rejected(long id, ResolveRequest request, String why) {
        workOrders.audit(id, request.action().name(), request.operator(), request.note(), "REJECTED", truncate(why));
        return new WorkOrderRefusedException(why);
    }

    private static String truncate(String text) {
        return text == null || text.length() <= 500 ? text : text.substring(0, 500);
    }
}
