package dev.eventual.web;

import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.common.messaging.InternalAuth;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;

import java.io.IOException;

/**
 * The 401 problem for a guarded request without the right token: an admin act names itself
 * ("setting stock needs the ... header"), an internal call says whether the header was missing or
 * wrong.
 */
final class ServiceTokenEntryPoint implements AuthenticationEntryPoint {

    private final AdminActs adminActs;

    ServiceTokenEntryPoint(AdminActs adminActs) {
        this.adminActs = adminActs;
    }

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException refusal)
            throws IOException {
        String act = adminActs.actAt(request);
        String detail = act != null ? act + " needs the " + InternalAuth.TOKEN_HEADER + " header"
                : (request.getHeader(InternalAuth.TOKEN_HEADER) == null ? "missing " : "wrong ") + InternalAuth.TOKEN_HEADER
                + " header";
        ProblemResponses.write(response, HttpServletResponse.SC_UNAUTHORIZED, ProblemTypes.UNAUTHORIZED, "Unauthorized",
                detail);
    }
}
