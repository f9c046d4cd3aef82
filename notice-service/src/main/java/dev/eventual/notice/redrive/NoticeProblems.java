package dev.eventual.notice.redrive;

import dev.eventual.notice.retention.RetentionTooShortException;
import dev.eventual.web.ApiProblemException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.net.URI;

/** notice-service's domain outcomes as RFC 9457 problems, ahead of web-support's catch-all. */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class NoticeProblems {

    /**
     * A cleanup refused because the retention is too short for the caller's horizon (docs/retention.md). Its own type,
     * so that the caller tells it from any other conflict; meant for common's ProblemTypes.
     */
    static final String RETENTION_TOO_SHORT_URN = "urn:eventual:problem:retention-too-short";
    static final URI RETENTION_TOO_SHORT = URI.create(RETENTION_TOO_SHORT_URN);

    @ExceptionHandler
    ErrorResponse retentionTooShort(RetentionTooShortException e) {
        return new ApiProblemException(HttpStatus.CONFLICT, RETENTION_TOO_SHORT, "Retention too short", e.getMessage());
    }
}
