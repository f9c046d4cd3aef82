package dev.eventual.web;

import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.common.messaging.InternalAuth;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.server.PathContainer;
import org.springframework.http.server.RequestPath;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/** {@code /internal/**} requires the service token header; a missing or wrong one gets 401. */
public class InternalTokenFilter extends OncePerRequestFilter {

    private final ServiceTokenProperties token;

    public InternalTokenFilter(ServiceTokenProperties token) {
        this.token = token;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !isInternal(request);
    }

    static boolean isInternal(HttpServletRequest request) {
        return matchedPath(request).startsWith(InternalAuth.INTERNAL_PATH_PREFIX);
    }

    /**
     * The path as Spring MVC's handler mapping matches it: each segment decoded and without its
     * {@code ;parameters}. The raw URI is not enough: {@code /internal;x/...} and {@code /%69nternal/...}
     * reach the same internal handlers but do not start with the prefix.
     */
    static String matchedPath(HttpServletRequest request) {
        StringBuilder path = new StringBuilder();
        for (PathContainer.Element element : RequestPath.parse(request.getRequestURI(), request.getContextPath())
                .pathWithinApplication().elements()) {
            path.append(element instanceof PathContainer.PathSegment segment ? segment.valueToMatch() : element.value());
        }
        return path.toString();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String presented = request.getHeader(InternalAuth.TOKEN_HEADER);
        if (!token.matches(presented)) {
            ProblemResponses.write(response, HttpServletResponse.SC_UNAUTHORIZED, ProblemTypes.UNAUTHORIZED,
                    "Unauthorized", (presented == null ? "missing " : "wrong ") + InternalAuth.TOKEN_HEADER + " header");
            return;
        }
        chain.doFilter(request, response);
    }
}
