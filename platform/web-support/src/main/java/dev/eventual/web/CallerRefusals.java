package dev.eventual.web;

import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.common.messaging.InternalAuth;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;

import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The 401 and 403 problems, naming what was refused and why: an internal call without the right service
 * token; an act without a valid bearer token (RFC 6750's {@code WWW-Authenticate} with the reason the
 * token was refused: expired, wrong issuer, wrong audience, bad signature); an act by a caller without
 * the role it needs.
 */
final class CallerRefusals implements AuthenticationEntryPoint, AccessDeniedHandler {

    private final AllowedActs acts;

    CallerRefusals(AllowedActs acts) {
        this.acts = acts;
    }

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException refusal)
            throws IOException {
        if (InternalPaths.MATCHER.matches(request)) {
            ProblemResponses.write(response, HttpServletResponse.SC_UNAUTHORIZED, ProblemTypes.UNAUTHORIZED, "Unauthorized",
                    (request.getHeader(InternalAuth.TOKEN_HEADER) == null ? "missing " : "wrong ") + InternalAuth.TOKEN_HEADER
                            + " header");
            return;
        }
        AllowedActs.Act act = acts.actAt(request);
        String what = act == null ? "this request" : act.name();
        String detail;
        if (refusal instanceof OAuth2AuthenticationException invalid) {
            String reason = invalid.getError().getDescription() == null ? invalid.getError().getErrorCode()
                    : invalid.getError().getDescription();
            response.setHeader("WWW-Authenticate", "Bearer error=\"invalid_token\"");
            detail = what + ": the bearer token was refused (" + reason + ")";
        } else if (request.getHeader(InternalAuth.TOKEN_HEADER) != null && act != null && act.roles().contains(CallerRole.SERVICE)) {
            response.setHeader("WWW-Authenticate", "Bearer");
            detail = what + ": wrong " + InternalAuth.TOKEN_HEADER + " header";
        } else if (act != null && act.roles().equals(Set.of(CallerRole.SERVICE))) {
            // a 401 names a scheme (RFC 9110 §11.6.1); the API's is Bearer, the detail says what this act takes
            response.setHeader("WWW-Authenticate", "Bearer");
            detail = what + " is for the suite's services: it needs the " + InternalAuth.TOKEN_HEADER + " header";
        } else {
            response.setHeader("WWW-Authenticate", "Bearer");
            detail = what + " needs a bearer access token (Authorization: Bearer ...)"
                    + (act != null && act.roles().contains(CallerRole.SERVICE) ? " or the " + InternalAuth.TOKEN_HEADER + " header" : "");
        }
        ProblemResponses.write(response, HttpServletResponse.SC_UNAUTHORIZED, ProblemTypes.UNAUTHORIZED, "Unauthorized", detail);
    }

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException denied)
            throws IOException {
        if (InternalPaths.MATCHER.matches(request)) {
            ProblemResponses.write(response, HttpServletResponse.SC_FORBIDDEN, ProblemTypes.FORBIDDEN, "Forbidden",
                    "only the suite's services (" + InternalAuth.TOKEN_HEADER + " header) call /internal/**");
            return;
        }
        AllowedActs.Act act = acts.actAt(request);
        Authentication caller = SecurityContextHolder.getContext().getAuthentication();
        String roles = caller == null ? "none" : caller.getAuthorities().stream().map(GrantedAuthority::getAuthority)
                .filter(authority -> authority.startsWith("ROLE_")).map(CallerRefusals::role).sorted()
                .collect(Collectors.joining(", "));
        String detail = act == null ? "no role may make this request"
                : act.name() + " is for " + Arrays.stream(act.authorities()).map(CallerRefusals::role).sorted()
                .collect(Collectors.joining(", ")) + "; the caller is " + (roles.isEmpty() ? "none of these" : roles);
        ProblemResponses.write(response, HttpServletResponse.SC_FORBIDDEN, ProblemTypes.FORBIDDEN, "Forbidden", detail);
    }

    private static String role(String authority) {
        return authority.substring("ROLE_".length()).toLowerCase(Locale.ROOT);
    }
}
