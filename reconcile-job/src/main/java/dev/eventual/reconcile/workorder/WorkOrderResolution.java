package dev.eventual.reconcile.workorder;

import dev.eventual.common.api.TextLimits;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.status.WorkOrderAction;
import dev.eventual.order.core.status.WorkOrderStatus;
import dev.eventual.order.core.store.WorkOrderMapper;
import dev.eventual.order.core.store.WorkOrderRow;
import dev.eventual.reconcile.downstream.OrderCancelClient;
import dev.eventual.order.core.store.DueRowMapper;
import dev.eventual.tracing.OrderTraces;
import dev.eventual.web.Texts;
import feign.FeignException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * An operator's or admin's action on an open work order. Every attempt is audited under the resolver's
 * name with its outcome: APPLIED, REJECTED (not the resolver's to take, 403, or illegal now, 409) or
 * FAILED (order-service could not be reached, 503).
 */
@Service
public class WorkOrderResolution {

    private static final Logger log = LoggerFactory.getLogger(WorkOrderResolution.class);

    private final OrderShards shards;
    private final WorkOrderMapper workOrders;
    private final OrderCancelClient orders;
    private final TransactionTemplate transaction;
    private final DueRowMapper events;
    private final OrderTraces traces;
    private final WorkOrderProperties properties;

    public WorkOrderResolution(OrderShards shards, WorkOrderMapper workOrders, OrderCancelClient orders, TransactionTemplate transaction,
                               DueRowMapper events, OrderTraces traces, WorkOrderProperties properties) {
        this.shards = shards;
        this.workOrders = workOrders;
        this.orders = orders;
        this.transaction = transaction;
        this.events = events;
        this.traces = traces;
        this.properties = properties;
    }

    /**
     * Applies the operator's action in the order's trace (the event's stored one), so the cancel it
     * asks order-service for and the re-drives it hands back are found under the order's trace id.
     */
    public void resolve(long id, ResolveRequest request, Resolver resolver) {
        // the id's low bits name the order_db server, as an order id's do (WorkOrderMapper)
        shards.run(shards.serverOfOrder(id), () -> {
            WorkOrderRow workOrder = workOrders.find(id);
            if (workOrder == null) {
                throw new WorkOrderNotFoundException(id);
            }
            try (OrderTraces.OrderScope scope = traces.resume("work order " + request.action(), workOrder.orderId(),
                    events.traceParentOf(workOrder.messageLogId()))) {
                resolve(workOrder, request, resolver);
            }
        });
    }

    private void resolve(WorkOrderRow workOrder, ResolveRequest request, Resolver resolver) {
        long id = workOrder.id();
        // who may take the action is decided before whether the work order's state allows it
        if (request.action().destructive() && !resolver.admin()) {
            throw forbidden(id, request, resolver, request.action() + " is for admin; " + resolver.name()
                    + " is not one. Nothing was changed");
        }
        if (request.action().destructive() && !properties.destructiveActionsEnabled()) {
            throw forbidden(id, request, resolver, request.action() + " is switched off here"
                    + " (eventual.reconcile.work-orders.destructive-actions-enabled is false). Nothing was changed");
        }
        if (workOrder.status() != WorkOrderStatus.OPEN) {
            throw rejected(id, request, resolver, "work order " + id + " is " + workOrder.status());
        }
        if (request.action() == WorkOrderAction.CANCEL_ORDER) {
            cancelOrder(workOrder, request, resolver);
        }
        String refusal = transaction.execute(status -> apply(id, request, resolver));
        if (refusal != null) {
            throw rejected(id, request, resolver, refusal);
        }
        log.info("Order {}: work order {} resolved with {} by {}", workOrder.orderId(), id, request.action(),
                resolver.name());
    }

    /** @return null when applied, else why not (the caller audits and answers 409) */
    private String apply(long id, ResolveRequest request, Resolver resolver) {
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
        workOrders.resolve(id, request.action(), resolver.name(), request.note());
        workOrders.audit(id, request.action().name(), resolver.name(), request.note(), "APPLIED", null);
        return null;
    }

    private void cancelOrder(WorkOrderRow workOrder, ResolveRequest request, Resolver resolver) {
        try {
            orders.cancel(Long.toString(workOrder.orderId()), new OrderCancelClient.CancelRequest(
                    cancelReason(workOrder.id(), resolver.name(), request.note())));
        } catch (FeignException.Conflict | FeignException.NotFound e) {
            throw rejected(workOrder.id(), request, resolver, "order-service refused the cancel: " + e.status());
        } catch (RuntimeException e) {
            workOrders.audit(workOrder.id(), request.action().name(), resolver.name(), request.note(), "FAILED",
                    Texts.truncate(e.toString(), WorkOrders.MAX_REASON));
            throw new OrderNotCanceledException(e);
        }
    }

    /**
     * The reason order-service records for CANCEL_ORDER: within {@link TextLimits#CANCEL_REASON} for every
     * note the edge accepts ({@link TextLimits#WORK_ORDER_NOTE}) and every subject an OpenID provider issues.
     */
    static String cancelReason(long workOrderId, String resolver, String note) {
        return "work order " + workOrderId + " (" + resolver + "): " + (note == null ? "canceled by hand" : note);
    }

    private WorkOrderRefusedException rejected(long id, ResolveRequest request, Resolver resolver, String why) {
        workOrders.audit(id, request.action().name(), resolver.name(), request.note(), "REJECTED",
                Texts.truncate(why, WorkOrders.MAX_REASON));
        return new WorkOrderRefusedException(why);
    }

    private WorkOrderForbiddenException forbidden(long id, ResolveRequest request, Resolver resolver, String why) {
        workOrders.audit(id, request.action().name(), resolver.name(), request.note(), "REJECTED",
                Texts.truncate(why, WorkOrders.MAX_REASON));
        log.warn("Work order {}: {} by {} refused: {}", id, request.action(), resolver.name(), why);
        return new WorkOrderForbiddenException(why);
    }
}
