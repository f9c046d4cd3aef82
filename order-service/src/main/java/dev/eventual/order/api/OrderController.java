package dev.eventual.order.api;

import dev.eventual.order.core.status.OrderStatus;
import dev.eventual.order.cancel.OrderCancellation;
import dev.eventual.order.payment.OrderPayment;
import dev.eventual.order.placement.OrderPlacement;
import dev.eventual.order.placement.PlaceOrderCommand;
import dev.eventual.order.placement.PlacedOrder;
import dev.eventual.order.query.OrderPage;
import dev.eventual.order.query.OrderQueries;
import dev.eventual.order.query.OrderView;
import dev.eventual.web.Ids;
import dev.eventual.common.messaging.InternalAuth;
import dev.eventual.web.Allowed;
import dev.eventual.web.ApiProblemException;
import dev.eventual.web.Caller;
import dev.eventual.web.CallerRole;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;

/**
 * The public order API. Errors are RFC 9457 problem details; each operation's {@code @ApiResponse}s
 * are its own outcomes ({@link OrderProblems}), web-support's OpenAPI customizer adds the shared ones.
 */
@RestController
@RequestMapping(path = "/api/orders", produces = MediaType.APPLICATION_JSON_VALUE)
public class OrderController {

    static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    static final String REPLAYED = "Idempotent-Replayed";

    private final OrderPlacement placement;
    private final OrderCancellation cancellation;
    private final OrderPayment payment;
    private final OrderQueries queries;

    public OrderController(OrderPlacement placement, OrderCancellation cancellation, OrderPayment payment,
                           OrderQueries queries) {
        this.placement = placement;
        this.cancellation = cancellation;
        this.payment = payment;
        this.queries = queries;
    }

    @Operation(summary = "Place an order (a customer, for itself)", description = "201 with the order; a repeated "
            + "Idempotency-Key answers 200 with the first order and delivers nothing; 503 when the broker is unreachable "
            + "(nothing written). The order is the signed-in customer's: a userId in the body that names anyone else is 403")
    @Allowed(act = "placing an order", value = CallerRole.CUSTOMER)
    @ApiResponse(responseCode = "201", description = "Placed: the order", headers = {
            @Header(name = HttpHeaders.LOCATION, description = "/api/orders/{orderId}", schema = @Schema(type = "string")),
            @Header(name = REPLAYED, description = "false", schema = @Schema(type = "boolean"))})
    @ApiResponse(responseCode = "200", description = "The Idempotency-Key was used before for this order: the first"
            + " order, nothing sent", headers = {
            @Header(name = HttpHeaders.LOCATION, description = "/api/orders/{orderId}", schema = @Schema(type = "string")),
            @Header(name = REPLAYED, description = "true", schema = @Schema(type = "boolean"))})
    @ApiResponse(responseCode = "409", description = "urn:eventual:problem:sold-out (stock gate on): the SKU has too"
            + " few units left; nothing written", content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
            schema = @Schema(ref = OrderApiDocs.SOLD_OUT_PROBLEM_REF)))
    @ApiResponse(responseCode = "422", description = "urn:eventual:problem:conflict: the Idempotency-Key was used"
            + " for a different order")
    @ApiResponse(responseCode = "503", description = "Not placed, retry later: urn:eventual:problem:broker-unavailable,"
            + " database-unavailable or dependency-unavailable (stock gate, order ids, a rolled-back attempt); nothing"
            + " written. urn:eventual:problem:outcome-unknown: retry with the same Idempotency-Key to learn it")
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<OrderView> create(
            @Parameter(description = "unique per user; 1-64 of A-Z a-z 0-9 . _ : -")
            @RequestHeader(value = IDEMPOTENCY_KEY, required = false) String idempotencyKey,
            @Valid @RequestBody CreateOrderRequest request, Caller caller) {
        String key = OrderRequests.idempotencyKey(idempotencyKey, request.idempotencyKey());
        long customer = caller.customerId();
        if (request.userId() != null && Ids.parse("userId", request.userId()) != customer) {
            throw ApiProblemException.forbidden("userId " + request.userId() + " is not the signed-in customer ("
                    + customer + "): a customer orders for itself");
        }
        PlacedOrder placed = placement.place(new PlaceOrderCommand(customer,
                Ids.parse("skuId", request.skuId()), request.quantity(), key));
        OrderView view = placed.replayed() ? queries.of(placed.order()) : queries.newlyPlaced(placed.order(), placed.eventStatus());
        return ResponseEntity.status(placed.replayed() ? HttpStatus.OK : HttpStatus.CREATED)
                .location(URI.create("/api/orders/" + view.orderId()))
                .header(REPLAYED, Boolean.toString(placed.replayed()))
                .body(view);
    }

    @Operation(summary = "Read an order with its message, reconcile and consumer statuses",
            description = "a customer reads its own orders only: another's id answers 404, as an unknown one does")
    @Allowed(act = "reading an order", value = {CallerRole.CUSTOMER, CallerRole.OPERATOR, CallerRole.ADMIN})
    @ApiResponse(responseCode = "200", description = "The order")
    @ApiResponse(responseCode = "404", description = "urn:eventual:problem:not-found: no such order")
    @GetMapping("/{orderId}")
    public OrderView get(@PathVariable String orderId, Caller caller) {
        return queries.findFor(Ids.parse("orderId", orderId), onlyOwn(caller));
    }

    // an id of its own: "list" is a reserved word to client generators (openapi-generator renames it callList)
    @Operation(operationId = "listOrders", summary = "List orders, newest first",
            description = "a customer lists its own orders only")
    @Allowed(act = "listing orders", value = {CallerRole.CUSTOMER, CallerRole.OPERATOR, CallerRole.ADMIN})
    @GetMapping
    public OrderPage list(@RequestParam(required = false) String userId,
                          @RequestParam(required = false) OrderStatus status,
                          @RequestParam(defaultValue = "0") @Min(0) @Max(100_000) int page,
                          @RequestParam(defaultValue = "20") @Min(1) @Max(100) int size, Caller caller) {
        Long user = userId == null ? null : Ids.parse("userId", userId);
        Long own = onlyOwn(caller);
        if (own != null && user != null && !own.equals(user)) {
            throw ApiProblemException.forbidden("a customer lists its own orders only (userId " + own + ")");
        }
        return queries.page(own != null ? own : user, status, page, size);
    }

    @Operation(summary = "Cancel an order", description = "CREATED or PAID → CANCELED; 409 otherwise; 404 if unknown."
            + " A customer cancels its own orders (another's is 404), the admin any (its name goes into the reason and"
            + " the log), reconcile-job (the unpaid timeout, a work order) with its client's scope " + InternalAuth.SCOPE_CANCEL)
    @Allowed(act = "canceling an order", value = {CallerRole.CUSTOMER, CallerRole.ADMIN}, scopes = InternalAuth.SCOPE_CANCEL)
    @ApiResponse(responseCode = "200", description = "Canceled: the order")
    @ApiResponse(responseCode = "404", description = "urn:eventual:problem:not-found: no such order")
    @ApiResponse(responseCode = "409", description = "urn:eventual:problem:conflict: the order is not CREATED or PAID"
            + " (or not the expectedStatus), or changed meanwhile")
    @ApiResponse(responseCode = "503", description = "Not canceled, retry later: urn:eventual:problem:broker-unavailable,"
            + " database-unavailable or dependency-unavailable. urn:eventual:problem:outcome-unknown: read the order"
            + " to learn it")
    @PostMapping(path = "/{orderId}/cancel", consumes = MediaType.APPLICATION_JSON_VALUE)
    public OrderView cancel(@PathVariable String orderId,
                            @Valid @RequestBody(required = false) CancelOrderRequest request, Caller caller) {
        long id = Ids.parse("orderId", orderId);
        String reason = request == null || request.reason() == null ? "canceled by request" : request.reason();
        if (caller.is(CallerRole.ADMIN)) {
            reason = reason + " (by admin " + caller.subject() + ")";
        }
        Long own = onlyOwn(caller);
        cancellation.cancel(id, reason, request == null ? null : request.expectedStatus(), own);
        return queries.findFor(id, own);
    }

    @Operation(summary = "Confirm an order's payment (the payment provider's callback: its client's scope " + InternalAuth.SCOPE_PAY + ")",
            description = "CREATED → PAID; the same paymentId again answers 200 with the order; another paymentId on a"
                    + " PAID order, or a CANCELED order, is 409; 404 if unknown. No event is published")
    @Allowed(act = "confirming payments", scopes = InternalAuth.SCOPE_PAY)
    @ApiResponse(responseCode = "200", description = "Paid, or paid before by the same paymentId: the order")
    @ApiResponse(responseCode = "404", description = "urn:eventual:problem:not-found: no such order")
    @ApiResponse(responseCode = "409", description = "urn:eventual:problem:conflict: the order is CANCELED or paid by"
            + " another payment, or the paymentId paid another order")
    @PostMapping(path = "/{orderId}/pay", consumes = MediaType.APPLICATION_JSON_VALUE)
    public OrderView pay(@PathVariable String orderId, @Valid @RequestBody PayOrderRequest request, Caller caller) {
        long id = Ids.parse("orderId", orderId);
        payment.pay(id, request.paymentId(), caller.subject());
        return queries.find(id);
    }

    /** The customer whose orders alone the caller may see and cancel; null when it may see every order. */
    private static Long onlyOwn(Caller caller) {
        return caller.isCustomerOnly() ? caller.customerId() : null;
    }
}
