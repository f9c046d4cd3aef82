package dev.eventual.web;

import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.common.messaging.InternalAuth;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** {@code /internal/**} requires the service token header; a missing or wrong one gets 401. */
public class InternalTokenFilter extends OncePerRequestFilter {

    private final byte[] expectedToken;

    public InternalTokenFilter(ServiceTokenProperties properties) {
        this.expectedToken = properties.serviceToken().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !request.getRequestURI().startsWith(request.getContextPath() + InternalAuth.INTERNAL_PATH_PREFIX);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String token = request.getHeader(InternalAuth.TOKEN_HEADER);
        // constant-time comparison: the token must not leak through response timing
        if (token == null || !MessageDigest.isEqual(expectedToken, token.getBytes(StandardCharsets.UTF_8))) {
            ProblemResponses.write(response, HttpServletResponse.SC_UNAUTHORIZED, ProblemTypes.UNAUTHORIZED,
                    "Unauthorized", (token == null ? "missing " : "wrong ") + InternalAuth.TOKEN_HEADER + " header");
            return;
        }
        chain.doFilter(request, response);
    }
}
