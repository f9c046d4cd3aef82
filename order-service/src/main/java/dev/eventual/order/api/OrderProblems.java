package dev.eventual.order.api;

import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.order.cancel.OrderNotCancelableException;
import dev.eventual.order.core.reconcile.ConsumerStatusRecorder.InvalidReportException;
import dev.eventual.order.gate.GateUnavailableException;
import dev.eventual.order.gate.SoldOut;
import dev.eventual.order.gate.SoldOutException;
import dev.eventual.order.gate.UnknownSkuException;
import dev.eventual.order.id.OrderIdsUnavailableException;
import dev.eventual.order.payment.OrderNotPayableException;
import dev.eventual.order.placement.IdempotencyKeyReusedException;
import dev.eventual.order.query.OrderNotFoundException;
import dev.eventual.order.publish.PublishFailedException;
import dev.eventual.web.ApiProblemException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.net.URI;

/**
 * The web edge of order-service's domain outcomes: each becomes its RFC 9457 problem here, and only
 * here. Ahead of web-support's advice, whose catch-all would otherwise answer them with a 500.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class OrderProblems {

    @ExceptionHandler
    ErrorResponse notFound(OrderNotFoundException e) {
        return ApiProblemException.notFound(e.getMessage());
    }

    @ExceptionHandler
    ErrorResponse notCancelable(OrderNotCancelableException e) {
        return ApiProblemException.conflict(e.getMessage());
    }

    /** Same type and title as a refused cancel: the order's state does not allow the act. */
    @ExceptionHandler
    ErrorResponse notPayable(OrderNotPayableException e) {
        return ApiProblemException.conflict(e.getMessage());
    }

    @ExceptionHandler
    ErrorResponse invalidReport(InvalidReportException e) {
        return ApiProblemException.invalid(e.param().name(), e.param().reason());
    }

    @ExceptionHandler
    ErrorResponse idempotencyKeyReused(IdempotencyKeyReusedException e) {
        return new ApiProblemException(HttpStatus.UNPROCESSABLE_CONTENT, ProblemTypes.CONFLICT, "Idempotency-Key reused",
                e.getMessage());
    }

    /** Nothing was written or sent; the SKU is named in the detail and as a property. */
    @ExceptionHandler
    ResponseEntity<ProblemDetail> soldOut(SoldOutException e) {
        return ResponseEntity.status(HttpStatus.CONFLICT).body(soldOut(e.soldOut()));
    }

    /**
     * The sold-out problem, built without an exception (a flash sale answers thousands a second, issue 41): the
     * same body here and at {@link SoldOutDoor}.
     */
    static ProblemDetail soldOut(SoldOut soldOut) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, soldOut.detail());
        problem.setType(ProblemTypes.SOLD_OUT);
        problem.setTitle("Sold out");
        problem.setProperty("sku", Long.toString(soldOut.sku()));
        return problem;
    }

    /**
     * 422, not 404: the resource, /api/orders, exists; the body names a SKU that is not sold, and the same
     * request will not succeed later. The SKU is named in the detail and as a property.
     */
    @ExceptionHandler
    ErrorResponse unknownSku(UnknownSkuException e) {
        ApiProblemException problem = new ApiProblemException(HttpStatus.UNPROCESSABLE_CONTENT, ProblemTypes.UNKNOWN_SKU,
                "Unknown SKU", e.getMessage() + "; nothing was written");
        problem.getBody().setProperty("sku", Long.toString(e.sku()));
        return problem;
    }

    @ExceptionHandler
    ErrorResponse gateUnavailable(GateUnavailableException e) {
        return new ApiProblemException(HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.DEPENDENCY_UNAVAILABLE,
                "Stock gate unavailable", e.getMessage() + "; nothing was written, retry later");
    }

    @ExceptionHandler
    ErrorResponse orderIdsUnavailable(OrderIdsUnavailableException e) {
        return new ApiProblemException(HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.DEPENDENCY_UNAVAILABLE,
                "Order ids unavailable", e.getMessage());
    }

    /** Every publish failure is a 503: nothing was written (or, for an unknown outcome, the client can learn it). */
    @ExceptionHandler
    ErrorResponse publishFailed(PublishFailedException e) {
        return switch (e.failure()) {
            case BROKER_UNAVAILABLE -> unavailable(ProblemTypes.BROKER_UNAVAILABLE, "Broker unavailable", e);
            case DATABASE_UNAVAILABLE -> unavailable(ProblemTypes.DATABASE_UNAVAILABLE, "Database unavailable", e);
            case ATTEMPT_ROLLED_BACK -> unavailable(ProblemTypes.DEPENDENCY_UNAVAILABLE, "Attempt rolled back", e);
            case LOCAL_TRANSACTION_FAILED -> unavailable(ProblemTypes.DEPENDENCY_UNAVAILABLE, "Local transaction failed", e);
            case OUTCOME_UNKNOWN -> unavailable(ProblemTypes.OUTCOME_UNKNOWN, "Outcome unknown", e);
        };
    }

    private static ErrorResponse unavailable(URI type, String title, PublishFailedException e) {
        return new ApiProblemException(HttpStatus.SERVICE_UNAVAILABLE, type, title, e.getMessage());
    }
}
