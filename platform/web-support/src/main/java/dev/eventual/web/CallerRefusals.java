package dev.eventual.web;

import dev.eventual.common.api.problem.ProblemTypes;
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
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The 401 and 403 problems, naming what was refused and why: an act without a valid bearer token (RFC
 * 6750's {@code WWW-Authenticate} with the reason the token was refused: expired, wrong issuer, wrong
 * audience, bad signature); an act by a caller without the role or the scope it needs.
 */
final class CallerRefusals implements AuthenticationEntryPoint, AccessDeniedHandler {

    private static final String ROLE = "ROLE_";
    private static final String SCOPE = "SCOPE_";

    private final AllowedActs acts;

    CallerRefusals(AllowedActs acts) {
        this.acts = acts;
    }

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException refusal)
            throws IOException {
        AllowedActs.Act act = acts.actAt(request);
        String what = act == null ? "this request" : act.name();
        String detail;
        if (refusal instanceof OAuth2AuthenticationException invalid) {
            String reason = invalid.getError().getDescription() == null ? invalid.getError().getErrorCode()
                    : invalid.getError().getDescription();
            response.setHeader("WWW-Authenticate", "Bearer error=\"invalid_token\"");
            detail = what + ": the bearer token was refused (" + reason + ")";
        } else if (act != null && act.forServicesOnly()) {
            // a 401 names a scheme (RFC 9110 §11.6.1): a service's client token is a bearer token too
            response.setHeader("WWW-Authenticate", "Bearer");
            detail = what + " is for the suite's services: it needs an access token of a client with scope "
                    + String.join(" or ", sorted(act.scopes())) + " (Authorization: Bearer ...)";
        } else {
            response.setHeader("WWW-Authenticate", "Bearer");
            detail = what + " needs a bearer access token (Authorization: Bearer ...)";
        }
        ProblemResponses.write(response, HttpServletResponse.SC_UNAUTHORIZED, ProblemTypes.UNAUTHORIZED, "Unauthorized", detail);
    }

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException denied)
            throws IOException {
        AllowedActs.Act act = acts.actAt(request);
        String detail = act == null ? "no role or scope may make this request"
                : act.name() + " is for " + allowed(act) + "; the caller is " + caller();
        ProblemResponses.write(response, HttpServletResponse.SC_FORBIDDEN, ProblemTypes.FORBIDDEN, "Forbidden", detail);
    }

    private static String allowed(AllowedActs.Act act) {
        String roles = act.roles().stream().map(role -> role.name().toLowerCase(Locale.ROOT)).sorted()
                .collect(Collectors.joining(", "));
        String scopes = act.scopes().isEmpty() ? "" : "a client with scope " + String.join(" or ", sorted(act.scopes()));
        return roles.isEmpty() ? scopes : scopes.isEmpty() ? roles : roles + " or " + scopes;
    }

    private static String caller() {
        Authentication caller = SecurityContextHolder.getContext().getAuthentication();
        List<String> authorities = caller == null ? List.of()
                : caller.getAuthorities().stream().map(GrantedAuthority::getAuthority).toList();
        String roles = authorities.stream().filter(authority -> authority.startsWith(ROLE))
                .map(authority -> authority.substring(ROLE.length()).toLowerCase(Locale.ROOT)).sorted()
                .collect(Collectors.joining(", "));
        if (!roles.isEmpty()) {
            return roles;
        }
        List<String> scopes = sorted(authorities.stream().filter(authority -> authority.startsWith(SCOPE))
                .map(authority -> authority.substring(SCOPE.length())).toList());
        return caller == null || scopes.isEmpty() ? "none of these"
                : "client " + caller.getName() + " with scope " + String.join(", ", scopes);
    }

    private static List<String> sorted(java.util.Collection<String> values) {
        return values.stream().sorted().toList();
    }
}
