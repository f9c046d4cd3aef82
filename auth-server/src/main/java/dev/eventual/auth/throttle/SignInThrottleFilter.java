package dev.eventual.auth.throttle;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Optional;

/**
 * Stands before the login form's authentication (docs/security.md, "Sign-in guessing"): a sign-in
 * whose user name or address has failed too often in the window is refused before its password is
 * checked, so that a right guess during the pause does not get in. The answer is 429 with
 * Retry-After and a message that says why and for how long: a page for a browser (RefusedRequestPage;
 * Spring Security 7's generated login page says "Invalid credentials" whatever the failure, so it
 * cannot), Spring Boot's JSON for any other caller. Goes into the login chain only
 * (AuthServerSecurity), after the CSRF check.
 */
@Component
public final class SignInThrottleFilter extends OncePerRequestFilter {

    private static final RequestMatcher SIGN_IN = PathPatternRequestMatcher.withDefaults().matcher(HttpMethod.POST, "/login");

    private final FailureTallies tallies;
    private final FailureLog log;

    SignInThrottleFilter(FailureTallies tallies, FailureLog log) {
        this.tallies = tallies;
        this.log = log;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !SIGN_IN.matches(request);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Attempt attempt = Attempt.of(request.getParameter(UsernamePasswordAuthenticationFilter.SPRING_SECURITY_FORM_USERNAME_KEY),
                request.getRemoteAddr());
        Optional<Lockout> lockout = tallies.admit(attempt);
        if (lockout.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        log.throttled(attempt, lockout.get());
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(lockout.get().retryAfterSeconds()));
        response.sendError(HttpStatus.TOO_MANY_REQUESTS.value(), lockout.get().message());
    }
}
