package dev.eventual.reconcile.workorder;

import dev.eventual.common.api.TextLimits;
import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.order.core.reconcile.WorkOrders.WorkOrder;
import dev.eventual.reconcile.downstream.OrderCancelClient;
import dev.eventual.tracing.OrderTraces;
import feign.FeignException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * An operator's or admin's action on an open work order. Every attempt is audited under the resolver's
 * name with its outcome: APPLIED, REJECTED (not the resolver's to take, 403, or illegal now, 409) or
 * FAILED (order-service could not be reached, 503).
 */
@Service
public class WorkOrderResolution {

    private static final Logger log = LoggerFactory.getLogger(WorkOrderResolution.class);

    private final WorkOrders workOrders;
    private final OrderCancelClient orders;
    private final OrderTraces traces;
    private final WorkOrderProperties properties;

    public WorkOrderResolution(WorkOrders workOrders, OrderCancelClient orders, OrderTraces traces,
                               WorkOrderProperties properties) {
        this.workOrders = workOrders;
        this.orders = orders;
        this.traces = traces;
        this.properties = properties;
    }

    /**
     * Applies the operator's action in the order's trace (the event's stored one), so the cancel it
     * asks order-service for and the re-drives it hands back are found under the order's trace id.
     */
    public void resolve(long id, ResolveRequest request, Resolver resolver) {
        WorkOrder workOrder = workOrders.find(id).orElseThrow(() -> new WorkOrderNotFoundException(id));
        try (OrderTraces.OrderScope scope = traces.resume("work order " + request.action(), workOrder.orderId(),
                workOrders.eventTraceParent(workOrder))) {
            resolve(workOrder, request, resolver);
        }
    }

    private void resolve(WorkOrder workOrder, ResolveRequest request, Resolver resolver) {
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
        if (workOrder.status() != WorkOrders.Status.OPEN) {
            throw rejected(id, request, resolver, "work order " + id + " is " + workOrder.status());
        }
        if (request.action() == WorkOrders.Action.CANCEL_ORDER) {
            cancelOrder(workOrder, request, resolver);
        }
        // RETRY and CANCEL_ORDER hand the event back to reconciliation (a canceled order's created
        // event then reconciles as done, its ORDER_CANCELED event releases the stock); CLOSE ends it.
        workOrders.resolve(id, request.action(), resolver.name(), request.note()).ifPresent(refusal -> {
            throw rejected(id, request, resolver, refusal);
        });
        log.info("Order {}: work order {} resolved with {} by {}", workOrder.orderId(), id, request.action(),
                resolver.name());
    }

    private void cancelOrder(WorkOrder workOrder, ResolveRequest request, Resolver resolver) {
        try {
            orders.cancel(Long.toString(workOrder.orderId()), new OrderCancelClient.CancelRequest(
                    cancelReason(workOrder.id(), resolver.name(), request.note())));
        } catch (FeignException.Conflict | FeignException.NotFound e) {
            throw rejected(workOrder.id(), request, resolver, "order-service refused the cancel: " + e.status());
        } catch (RuntimeException e) {
            workOrders.audit(workOrder.id(), request.action().name(), resolver.name(), request.note(), "FAILED",
                    e.toString());
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
        workOrders.audit(id, request.action().name(), resolver.name(), request.note(), "REJECTED", why);
        return new WorkOrderRefusedException(why);
    }

    private WorkOrderForbiddenException forbidden(long id, ResolveRequest request, Resolver resolver, String why) {
        workOrders.audit(id, request.action().name(), resolver.name(), request.note(), "REJECTED", why);
        log.warn("Work order {}: {} by {} refused: {}", id, request.action(), resolver.name(), why);
        return new WorkOrderForbiddenException(why);
    }
}
