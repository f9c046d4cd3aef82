package dev.eventual.web;

import dev.eventual.common.api.problem.InvalidParam;
import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.database.DatabaseFailures;
import jakarta.validation.ConstraintViolationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.validation.FieldError;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingRequestHeaderException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Every error leaves as {@code application/problem+json} with a stable {@code type}; bad input
 * names the offending field in {@value ProblemTypes#INVALID_PARAMS}.
 * <p>
 * This is what {@code spring.mvc.problemdetails.enabled} would register (Boot's handler is an empty
 * {@link ResponseEntityExceptionHandler}, and only where none exists), plus our types, titles and
 * invalid params; each override changes a body, so the property stays unset: it would change nothing.
 */
@RestControllerAdvice
public class ProblemDetailsAdvice extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemDetailsAdvice.class);
    private static final URI ABOUT_BLANK = URI.create("about:blank");

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        List<InvalidParam> params = new ArrayList<>();
        for (FieldError error : ex.getBindingResult().getFieldErrors()) {
            params.add(new InvalidParam(error.getField(), error.getDefaultMessage()));
        }
        ex.getBindingResult().getGlobalErrors()
                .forEach(error -> params.add(new InvalidParam(error.getObjectName(), error.getDefaultMessage())));
        return validation(params);
    }

    @Override
    protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        List<InvalidParam> params = new ArrayList<>();
        ex.getParameterValidationResults().forEach(result -> result.getResolvableErrors().forEach(error ->
                params.add(new InvalidParam(result.getMethodParameter().getParameterName(), error.getDefaultMessage()))));
        return validation(params);
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        if (causeOf(ex, RequestBodyLimitFilter.BodyTooLargeException.class) != null) {
            return problem(HttpStatus.PAYLOAD_TOO_LARGE, ProblemTypes.MALFORMED_REQUEST, "Payload too large",
                    causeOf(ex, RequestBodyLimitFilter.BodyTooLargeException.class).getMessage());
        }
        JacksonException json = causeOf(ex, JacksonException.class);
        String field = json == null ? "" : fieldPath(json);
        if (json instanceof UnrecognizedPropertyException unknown) {
            return validation(List.of(new InvalidParam(field, "is not a field of this request; known fields: "
                    + unknown.getKnownPropertyIds().stream().map(String::valueOf).sorted().collect(Collectors.joining(", ")))));
        }
        if (!field.isEmpty()) {
            return validation(List.of(new InvalidParam(field, "is missing, null, of the wrong type or out of range")));
        }
        return problem(HttpStatus.BAD_REQUEST, ProblemTypes.MALFORMED_REQUEST, "Malformed request",
                "the request body is missing or is not valid JSON");
    }

    @Override
    protected ResponseEntity<Object> handleTypeMismatch(org.springframework.beans.TypeMismatchException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        String name = ex instanceof MethodArgumentTypeMismatchException mismatch ? mismatch.getName() : ex.getPropertyName();
        String type = ex.getRequiredType() == null ? "a valid value" : "a valid " + ex.getRequiredType().getSimpleName();
        return validation(List.of(new InvalidParam(name, "must be " + type)));
    }

    @Override
    protected ResponseEntity<Object> handleMissingServletRequestParameter(MissingServletRequestParameterException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        return validation(List.of(new InvalidParam(ex.getParameterName(), "is required")));
    }

    @Override
    protected ResponseEntity<Object> handleHttpMediaTypeNotSupported(HttpMediaTypeNotSupportedException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        return problem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, ProblemTypes.UNSUPPORTED_MEDIA_TYPE, "Unsupported media type",
                "send " + ex.getSupportedMediaTypes() + ", not " + ex.getContentType());
    }

    @ExceptionHandler(MissingRequestHeaderException.class)
    ResponseEntity<Object> missingHeader(MissingRequestHeaderException ex) {
        return validation(List.of(new InvalidParam(ex.getHeaderName(), "header is required")));
    }

    /** Method validation outside MVC's own (a validated bean called by a controller). */
    @ExceptionHandler(ConstraintViolationException.class)
    ResponseEntity<Object> constraintViolation(ConstraintViolationException ex) {
        List<InvalidParam> params = new ArrayList<>();
        ex.getConstraintViolations().forEach(violation -> {
            String path = violation.getPropertyPath().toString();
            params.add(new InvalidParam(path.substring(path.lastIndexOf('.') + 1), violation.getMessage()));
        });
        return validation(params);
    }

    /**
     * Spring Security's firewall checks header and parameter values only when they are read, which
     * may be in a controller: a value it refuses is bad input, not a failure of the service.
     */
    @ExceptionHandler(RequestRejectedException.class)
    ResponseEntity<Object> requestRejected(RequestRejectedException ex) {
        return problem(HttpStatus.BAD_REQUEST, ProblemTypes.forHttpStatus(HttpStatus.BAD_REQUEST.value()), "Bad Request",
                "a header or parameter holds characters this service refuses");
    }

    @ExceptionHandler({DataAccessResourceFailureException.class, TransientDataAccessException.class})
    ResponseEntity<Object> databaseUnavailable(Exception ex) {
        log.warn("Database unavailable: {}", ex.getMessage());
        return problem(HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.DATABASE_UNAVAILABLE, "Database unavailable",
                "the database is unavailable; retry later");
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<Object> unexpected(Exception ex) {
        if (DatabaseFailures.unreachable(ex)) {
            return databaseUnavailable(ex);
        }
        log.error("Unhandled error", ex);
        return problem(HttpStatus.INTERNAL_SERVER_ERROR, ProblemTypes.INTERNAL, "Internal error",
                "an unexpected error occurred");
    }

    /** Problems Spring builds itself (404, 405, ...) get a type of ours instead of about:blank. */
    @Override
    protected ResponseEntity<Object> createResponseEntity(Object body, HttpHeaders headers, HttpStatusCode statusCode,
                                                          WebRequest request) {
        if (body instanceof ProblemDetail problem
                && (problem.getType() == null || ABOUT_BLANK.equals(problem.getType()))) {
            problem.setType(statusCode.value() == HttpStatus.NOT_FOUND.value()
                    ? ProblemTypes.NOT_FOUND : ProblemTypes.forHttpStatus(statusCode.value()));
        }
        return super.createResponseEntity(body, headers, statusCode, request);
    }

    private ResponseEntity<Object> validation(List<InvalidParam> params) {
        String detail = params.stream().map(p -> p.name() + ": " + p.reason()).reduce((a, b) -> a + "; " + b)
                .orElse("invalid request");
        ProblemDetail body = ApiProblemException.problem(HttpStatus.BAD_REQUEST, ProblemTypes.VALIDATION,
                "Invalid request", detail);
        body.setProperty(ProblemTypes.INVALID_PARAMS, params);
        return ResponseEntity.status(HttpStatus.BAD_REQUEST).body(body);
    }

    private static ResponseEntity<Object> problem(HttpStatus status, URI type, String title, String detail) {
        return ResponseEntity.status(status).body(ApiProblemException.problem(status, type, title, detail));
    }

    /** {@code items[2].quantity} style path of the JSON value that failed. */
    private static String fieldPath(JacksonException exception) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference reference : exception.getPath()) {
            if (reference.getPropertyName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(reference.getPropertyName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static <T extends Throwable> T causeOf(Throwable throwable, Class<T> type) {
        for (Throwable t = throwable; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}
