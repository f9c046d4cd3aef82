package dev.eventual.web;

import dev.eventual.common.api.problem.ProblemTypes;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;

/**
 * Errors the servlet container raises outside Spring MVC (a TRACE request, a {@code sendError} from
 * a filter) are forwarded here: they leave as problems like every other error, instead of Boot's
 * default error JSON. Not an API of its own, so left out of the OpenAPI documents, and a request for
 * its address itself is a 404 like any other address nothing serves.
 */
@Hidden
@RestController
public class ProblemErrorController implements ErrorController {

    @RequestMapping("${server.error.path:${error.path:/error}}")
    ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
        if (request.getDispatcherType() != DispatcherType.ERROR) {
            // asked for by its address: there is no error to show, and no resource either
            ProblemDetail problem = ApiProblemException.problem(HttpStatus.NOT_FOUND, ProblemTypes.NOT_FOUND,
                    HttpStatus.NOT_FOUND.getReasonPhrase(), "no resource at " + request.getRequestURI());
            return ResponseEntity.status(HttpStatus.NOT_FOUND).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
        }
        HttpStatus known = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE) instanceof Integer code
                ? HttpStatus.resolve(code) : null;
        HttpStatus status = known == null ? HttpStatus.INTERNAL_SERVER_ERROR : known;
        ProblemDetail problem = ApiProblemException.problem(status, typeOf(status), status.getReasonPhrase(),
                status.is5xxServerError() ? "an unexpected error occurred" : "the server refused the request");
        if (request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI) instanceof String uri) {
            problem.setInstance(URI.create(uri));
        }
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }

    static URI typeOf(HttpStatus status) {
        return switch (status) {
            case NOT_FOUND -> ProblemTypes.NOT_FOUND;
            case INTERNAL_SERVER_ERROR -> ProblemTypes.INTERNAL;
            default -> ProblemTypes.forHttpStatus(status.value());
        };
    }
}
