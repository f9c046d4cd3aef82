package dev.eventual.web;

import dev.eventual.common.api.problem.ProblemTypes;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Tomcat refuses some requests before any filter or controller runs (a URL with an encoded slash or
 * NUL, {@code %2F} / {@code %00}) and reports them through the host's error report valve; this one
 * writes a problem instead of Tomcat's HTML page. Mirrors {@link ErrorReportValve#report}'s guards.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

    static final String REFUSED_BEFORE_THE_SERVICE = "the server refused the request before it reached the service";

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        AtomicBoolean ioAllowed = new AtomicBoolean(true);
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
        if (!ioAllowed.get()) {
            return;
        }
        HttpStatus known = HttpStatus.resolve(status);
        URI type = known == null ? ProblemTypes.forHttpStatus(status) : ProblemErrorController.typeOf(known);
        String title = known == null ? "Error" : known.getReasonPhrase();
        try {
            response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
            response.setCharacterEncoding("UTF-8");
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(ProblemResponses.body(status, type, title, REFUSED_BEFORE_THE_SERVICE));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the connection is gone or the response already committed: nothing more can be sent
        }
    }
}
