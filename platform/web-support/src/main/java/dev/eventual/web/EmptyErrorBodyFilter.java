package dev.eventual.web;

import dev.eventual.common.api.problem.ProblemTypes;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.io.PrintWriter;

/**
 * Actuator answers some errors with a status and nothing else (an unknown metric is a bare 404);
 * this gives them a problem body like every other error. It holds back the flush of an error
 * status until the handler is done, and writes the problem only when nothing else wrote a body or
 * sent the error to the error page.
 */
class EmptyErrorBodyFilter extends OncePerRequestFilter {

    private static final String ACTUATOR = "/actuator/";

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !request.getRequestURI().startsWith(request.getContextPath() + ACTUATOR);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Watched watched = new Watched(response);
        chain.doFilter(request, watched);
        int status = watched.getStatus();
        if (status >= 400 && !watched.bodyStarted && !watched.errorSent && !response.isCommitted()) {
            HttpStatus known = HttpStatus.resolve(status);
            String title = known == null ? "Error" : known.getReasonPhrase();
            ProblemResponses.write(response, status,
                    status == HttpServletResponse.SC_NOT_FOUND ? ProblemTypes.NOT_FOUND : ProblemTypes.forHttpStatus(status), title,
                    "the management endpoint answered " + status + " without a body");
        } else if (watched.flushHeld) {
            response.flushBuffer();
        }
    }

    private static final class Watched extends HttpServletResponseWrapper {

        boolean bodyStarted;
        boolean errorSent;
        boolean flushHeld;

        Watched(HttpServletResponse response) {
            super(response);
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            bodyStarted = true;
            return super.getOutputStream();
        }

        @Override
        public PrintWriter getWriter() throws IOException {
            bodyStarted = true;
            return super.getWriter();
        }

        @Override
        public void flushBuffer() throws IOException {
            if (getStatus() >= 400 && !bodyStarted) {
                flushHeld = true;
                return;
            }
            super.flushBuffer();
        }

        @Override
        public void sendError(int status, String message) throws IOException {
            errorSent = true;
            super.sendError(status, message);
        }

        @Override
        public void sendError(int status) throws IOException {
            errorSent = true;
            super.sendError(status);
        }
    }
}
