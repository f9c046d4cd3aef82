package dev.eventual.reconcile.workorder;

import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.web.ApiProblemException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The web edge of the work orders' outcomes: each becomes its RFC 9457 problem here. Ahead of
 * web-support's advice, whose catch-all would otherwise answer them with a 500. The API's only: the
 * console answers the same outcomes with pages of its own.
 */
@RestControllerAdvice(assignableTypes = WorkOrderController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class WorkOrderProblems {

    @ExceptionHandler
    ErrorResponse notFound(WorkOrderNotFoundException e) {
        return ApiProblemException.notFound(e.getMessage());
    }

    @ExceptionHandler
    ErrorResponse forbidden(WorkOrderForbiddenException e) {
        return ApiProblemException.forbidden(e.getMessage());
    }

    @ExceptionHandler
    ErrorResponse refused(WorkOrderRefusedException e) {
        return ApiProblemException.conflict(e.getMessage());
    }

    @ExceptionHandler
    ErrorResponse countChanged(BulkCountChangedException e) {
        return ApiProblemException.conflict(e.getMessage());
    }

    @ExceptionHandler
    ErrorResponse orderNotCanceled(OrderNotCanceledException e) {
        return new ApiProblemException(HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.DEPENDENCY_UNAVAILABLE,
                "order-service unavailable", e.getMessage());
    }
}
