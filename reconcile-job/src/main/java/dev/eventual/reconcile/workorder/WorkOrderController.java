package dev.eventual.reconcile.workorder;

import dev.eventual.common.api.TextLimits;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.web.Allowed;
import dev.eventual.web.ApiProblemException;
import dev.eventual.web.Caller;
import dev.eventual.web.CallerRole;
import dev.eventual.web.Ids;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Manual work orders: operators and admins read and resolve them, one by one or in bulk (RETRY, CLOSE); only
 * an admin cancels the order, one at a time (a destructive action, {@link WorkOrders.Action#destructive()}). The
 * audit names the access token's subject.
 */
@RestController
@RequestMapping(path = "/api/work-orders", produces = MediaType.APPLICATION_JSON_VALUE)
public class WorkOrderController {

    private final WorkOrders workOrders;
    private final WorkOrderResolution resolution;
    private final BulkResolution bulk;

    public WorkOrderController(WorkOrders workOrders, WorkOrderResolution resolution, BulkResolution bulk) {
        this.workOrders = workOrders;
        this.resolution = resolution;
        this.bulk = bulk;
    }

    // an id of its own: "list" is a reserved word to client generators (openapi-generator renames it callList)
    @Operation(operationId = "listWorkOrders", summary = "List work orders, newest first (operator, admin)",
            description = "filters, each optional: status, orderId, skuId (the order's SKU), eventType, reason (the"
                    + " work order's reason contains it, case-insensitively)")
    @Allowed(act = "listing work orders", value = {CallerRole.OPERATOR, CallerRole.ADMIN})
    @GetMapping
    public WorkOrderPage list(@RequestParam(required = false) WorkOrders.Status status,
                              @RequestParam(required = false) String orderId,
                              @RequestParam(required = false) String skuId,
                              @RequestParam(required = false) OrderEventType eventType,
                              @RequestParam(required = false) @Size(min = 1, max = TextLimits.REASON_FILTER) String reason,
                              @RequestParam(defaultValue = "0") @Min(0) @Max(100_000) int page,
                              @RequestParam(defaultValue = "20") @Min(1) @Max(100) int size) {
        Long order = orderId == null ? null : Ids.parse("orderId", orderId);
        Long sku = skuId == null ? null : Ids.parse("skuId", skuId);
        String type = eventType == null ? null : eventType.name();
        WorkOrders.Page found = workOrders.page(new WorkOrders.Filter(status, order, sku, type, reason),
                (long) page * size, size);
        return new WorkOrderPage(found.workOrders().stream().map(WorkOrderView::of).toList(), found.total());
    }

    @Operation(summary = "Read a work order with its audit trail (operator, admin)")
    @Allowed(act = "reading a work order", value = {CallerRole.OPERATOR, CallerRole.ADMIN})
    @ApiResponse(responseCode = "200", description = "The work order")
    @ApiResponse(responseCode = "404", description = "urn:eventual:problem:not-found: no such work order")
    @GetMapping("/{id}")
    public WorkOrderView get(@PathVariable String id) {
        long workOrderId = Ids.parse("id", id);
        return workOrders.findAudited(workOrderId).map(WorkOrderView::of)
                .orElseThrow(() -> new WorkOrderNotFoundException(workOrderId));
    }

    @Operation(summary = "Resolve a work order: RETRY or CLOSE (operator, admin), CANCEL_ORDER (admin)",
            description = "the audit names the access token's subject; CANCEL_ORDER by an operator, or while"
                    + " eventual.reconcile.work-orders.destructive-actions-enabled is false, is 403 and audited as REJECTED")
    @Allowed(act = "resolving a work order", value = {CallerRole.OPERATOR, CallerRole.ADMIN})
    @ApiResponse(responseCode = "200", description = "Resolved: the work order with its audit trail")
    @ApiResponse(responseCode = "404", description = "urn:eventual:problem:not-found: no such work order")
    @ApiResponse(responseCode = "409", description = "urn:eventual:problem:conflict: the work order is resolved"
            + " already, its event is no longer FAIL, or order-service refused the cancel (audited REJECTED)")
    @ApiResponse(responseCode = "503", description = "Retry later: urn:eventual:problem:dependency-unavailable"
            + " (order-service did not cancel the order; audited FAILED) or database-unavailable")
    @PostMapping(path = "/{id}/resolve", consumes = MediaType.APPLICATION_JSON_VALUE)
    public WorkOrderView resolve(@PathVariable String id, @Valid @RequestBody ResolveRequest request, Caller caller) {
        long workOrderId = Ids.parse("id", id);
        resolution.resolve(workOrderId, request, new Resolver(caller.subject(), caller.is(CallerRole.ADMIN)));
        return get(id);
    }

    @Operation(summary = "RETRY or CLOSE every open work order a filter matches (operator, admin)",
            description = "The filter names a skuId, a reason (contained, case-insensitively) or both, optionally an"
                    + " eventType. expectedCount is the number of matching open work orders the person confirmed (the"
                    + " list's total with status=OPEN and the same filter); if another number matches now, nothing is done."
                    + " At most eventual.reconcile.work-orders.bulk-limit (500) work orders per request, the oldest first,"
                    + " each resolved and audited under the access token's subject with the one note; the answer says how"
                    + " many were worked and how many still match. CANCEL_ORDER is not a bulk action")
    @Allowed(act = "resolving work orders", value = {CallerRole.OPERATOR, CallerRole.ADMIN})
    @ApiResponse(responseCode = "200", description = "Done: how many were worked, skipped (resolved meanwhile, audited"
            + " REJECTED) and still match")
    @ApiResponse(responseCode = "409", description = "urn:eventual:problem:conflict: not expectedCount open work orders"
            + " match now; nothing was done")
    @PostMapping(path = "/bulk", consumes = MediaType.APPLICATION_JSON_VALUE)
    public BulkResult bulk(@Valid @RequestBody BulkRequest request, Caller caller) {
        if (!request.filter().narrowed()) {
            throw ApiProblemException.invalid("filter", "must name a skuId or a reason: a bulk act never works every"
                    + " open work order");
        }
        return bulk.resolve(request.filter(), request.action(), request.note(), request.expectedCount(),
                new Resolver(caller.subject(), caller.is(CallerRole.ADMIN)));
    }
}
