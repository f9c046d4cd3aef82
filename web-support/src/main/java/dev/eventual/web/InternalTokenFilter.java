package dev.eventual.web;

import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.common.messaging.InternalAuth;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
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
        return !request.getRequestURI().startsWith(request.getContextPath() + InternalAuth.INTERNAL_PATH_PREFIX);
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
