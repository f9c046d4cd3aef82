package dev.eventual.auth.throttle;

import org.springframework.security.core.AuthenticationException;

import java.io.Serial;

/** A sign-in refused before its password was checked; its message is what the login page shows. */
final class SignInThrottledException extends AuthenticationException {

    @Serial
    private static final long serialVersionUID = 1L;

    SignInThrottledException(Lockout lockout) {
        super(lockout.message());
    }
}
