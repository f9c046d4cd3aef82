package dev.eventual.notice.redrive;

import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.consumer.retention.RetentionTooShortException;
import dev.eventual.web.ApiProblemException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** notice-service's domain outcomes as RFC 9457 problems, ahead of web-support's catch-all. */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class NoticeProblems {

    @ExceptionHandler
    ErrorResponse retentionTooShort(RetentionTooShortException e) {
        return new ApiProblemException(HttpStatus.CONFLICT, ProblemTypes.RETENTION_TOO_SHORT, "Retention too short",
                e.getMessage());
    }
}
