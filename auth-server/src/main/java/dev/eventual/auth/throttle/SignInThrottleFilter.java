package dev.eventual.auth.throttle;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.authentication.SimpleUrlAuthenticationFailureHandler;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.MediaTypeRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Optional;
import java.util.Set;

/**
 * Stands before the login form's authentication (docs/security.md, "Sign-in guessing"): a sign-in
 * whose user name or address has failed too often in the window is refused before its password is
 * checked, so that a right guess during the lock-out does not get in. A browser is sent back to the
 * login page, which shows why (Spring Security's page shows the refusal's message, as it does "Bad
 * credentials"); any other caller gets 429 with Retry-After. Goes into the login chain only
 * (AuthServerSecurity), after the CSRF check.
 */
@Component
public final class SignInThrottleFilter extends OncePerRequestFilter {

    private static final RequestMatcher SIGN_IN = PathPatternRequestMatcher.withDefaults().matcher(HttpMethod.POST, "/login");
    private static final RequestMatcher BROWSER = browser();

    private final FailureTallies tallies;
    private final FailureLog log;
    /** Form login's own failure answer: back to the page, the refusal kept in the session for it. */
    private final AuthenticationFailureHandler loginPage = new SimpleUrlAuthenticationFailureHandler("/login?error");

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
        if (BROWSER.matches(request)) {
            loginPage.onAuthenticationFailure(request, response, new SignInThrottledException(lockout.get()));
        } else {
            response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(lockout.get().retryAfterSeconds()));
            response.sendError(HttpStatus.TOO_MANY_REQUESTS.value(), lockout.get().message());
        }
    }

    /** Asks for HTML by name: a caller that takes anything (curl, a script) is no browser. */
    private static RequestMatcher browser() {
        MediaTypeRequestMatcher html = new MediaTypeRequestMatcher(MediaType.TEXT_HTML);
        html.setIgnoredMediaTypes(Set.of(MediaType.ALL));
        return html;
    }
}
