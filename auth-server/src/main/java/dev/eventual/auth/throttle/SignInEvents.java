package dev.eventual.auth.throttle;

import org.springframework.context.event.EventListener;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.authentication.event.AbstractAuthenticationEvent;
import org.springframework.security.authentication.event.AuthenticationFailureBadCredentialsEvent;
import org.springframework.security.authentication.event.AuthenticationSuccessEvent;
import org.springframework.security.web.authentication.WebAuthenticationDetails;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * The login form's outcomes, from the events Spring Security publishes for every authentication
 * (Spring Boot's DefaultAuthenticationEventPublisher). Only a user name and password typed into the
 * form count: the authorization server's own authentications (clients, codes) publish events too.
 */
@Component
class SignInEvents {

    private final FailureTallies tallies;
    private final FailureLog log;

    SignInEvents(FailureTallies tallies, FailureLog log) {
        this.tallies = tallies;
        this.log = log;
    }

    /** A wrong password, or a user name nobody has (Spring Security reports both as bad credentials). */
    @EventListener
    void failed(AuthenticationFailureBadCredentialsEvent event) {
        signIn(event).ifPresent(attempt -> {
            tallies.failed(attempt);
            log.badCredentials(attempt);
        });
    }

    @EventListener
    void succeeded(AuthenticationSuccessEvent event) {
        signIn(event).ifPresent(tallies::succeeded);
    }

    private static Optional<Attempt> signIn(AbstractAuthenticationEvent event) {
        if (event.getAuthentication() instanceof UsernamePasswordAuthenticationToken form
                && form.getDetails() instanceof WebAuthenticationDetails web) {
            return Optional.of(Attempt.of(form.getName(), web.getRemoteAddress()));
        }
        return Optional.empty();
    }
}
