package dev.eventual.signin;

/** Signing in did not yield a token; the message says at which step and why. */
public final class LoginRefusedException extends RuntimeException {

    LoginRefusedException(String message) {
        super(message);
    }
}
