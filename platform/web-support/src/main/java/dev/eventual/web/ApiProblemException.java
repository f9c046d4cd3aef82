package dev.eventual.web;

import dev.eventual.common.api.problem.InvalidParam;
import dev.eventual.common.api.problem.ProblemTypes;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

import java.net.URI;
import java.util.List;

/** A business refusal rendered as an RFC 9457 problem: throw it from a controller or service. */
public class ApiProblemException extends ErrorResponseException {

    public ApiProblemException(HttpStatus status, URI type, String title, String detail) {
        super(status, problem(status, type, title, detail), null);
    }

    public static ApiProblemException notFound(String detail) {
        return new ApiProblemException(HttpStatus.NOT_FOUND, ProblemTypes.NOT_FOUND, "Not found", detail);
    }

    public static ApiProblemException conflict(String detail) {
        return new ApiProblemException(HttpStatus.CONFLICT, ProblemTypes.CONFLICT, "Conflict", detail);
    }

    /** Authenticated, but this caller may not make this act on this resource. */
    public static ApiProblemException forbidden(String detail) {
        return new ApiProblemException(HttpStatus.FORBIDDEN, ProblemTypes.FORBIDDEN, "Forbidden", detail);
    }

    /** 400 naming one offending input. */
    public static ApiProblemException invalid(String name, String reason) {
        ApiProblemException exception = new ApiProblemException(HttpStatus.BAD_REQUEST, ProblemTypes.VALIDATION,
                "Invalid request", name + ": " + reason);
        exception.getBody().setProperty(ProblemTypes.INVALID_PARAMS, List.of(new InvalidParam(name, reason)));
        return exception;
    }

    static ProblemDetail problem(HttpStatus status, URI type, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(type);
        problem.setTitle(title);
        return problem;
    }
}
