package dev.eventual.auth.throttle;

import java.time.Duration;

/**
 * Why an attempt was refused before its password was checked, and for how much longer.
 *
 * @param remaining until the window of the failures that locked it has passed
 */
record Lockout(Scope scope, Duration remaining) {

    enum Scope {
        USER_NAME("for this user name"),
        ADDRESS("from your address");

        private final String words;

        Scope(String words) {
            this.words = words;
        }
    }

    /** What the refusal says: it neither confirms nor denies that the user exists (unknown names pause too). */
    String message() {
        return "Too many failed sign-ins " + scope.words + ". Sign-in is paused: try again in " + remainingInWords() + ".";
    }

    /** Whole seconds, rounded up: the Retry-After of a 429. */
    long retryAfterSeconds() {
        return Math.max(1, (remaining.toMillis() + 999) / 1000);
    }

    private String remainingInWords() {
        long seconds = retryAfterSeconds();
        if (seconds < 60) {
            return seconds == 1 ? "a second" : seconds + " seconds";
        }
        long minutes = (seconds + 59) / 60;
        return minutes == 1 ? "a minute" : minutes + " minutes";
    }
}
