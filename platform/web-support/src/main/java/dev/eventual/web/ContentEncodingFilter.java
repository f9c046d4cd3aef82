package dev.eventual.web;

import dev.eventual.common.api.problem.InvalidParam;
import dev.eventual.common.api.problem.ProblemTypes;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Collections;
import java.util.Locale;

/**
 * Refuses a request body labelled with a content coding (gzip, deflate, ...) with 415. Nothing here
 * decodes one, so reading it as sent would either fail on compressed bytes or, worse, act on a plain
 * body whose label says otherwise. The answer names the header and, as RFC 9110 §12.5.3 suggests,
 * lists the coding that is accepted: {@code identity}.
 */
class ContentEncodingFilter extends OncePerRequestFilter {

    private static final String IDENTITY = "identity";
    private static final String NAME = HttpHeaders.CONTENT_ENCODING;

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (hasBody(request) && !identityOnly(request)) {
            response.setHeader(HttpHeaders.ACCEPT_ENCODING, IDENTITY);
            ProblemResponses.write(response, HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE, ProblemTypes.UNSUPPORTED_MEDIA_TYPE,
                    "Unsupported media type", NAME + ": request bodies are read as sent; send them without a content coding",
                    new InvalidParam(NAME, "only identity is accepted"));
            return;
        }
        chain.doFilter(request, response);
    }

    /** A coding labels content; a request without any (GET, an empty POST) has nothing it could apply to. */
    private static boolean hasBody(HttpServletRequest request) {
        return request.getContentLengthLong() > 0 || request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null;
    }

    /** Every listed coding, over all header lines, is identity (or the header is absent or empty). */
    private static boolean identityOnly(HttpServletRequest request) {
        for (String line : Collections.list(request.getHeaders(NAME))) {
            for (String coding : line.split(",")) {
                String name = coding.strip().toLowerCase(Locale.ROOT);
                if (!name.isEmpty() && !name.equals(IDENTITY)) {
                    return false;
                }
            }
        }
        return true;
    }
}
