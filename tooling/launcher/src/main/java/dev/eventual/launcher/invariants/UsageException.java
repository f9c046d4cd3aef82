package dev.eventual.launcher.invariants;

/** A command line the check cannot run with; its message says what to change (exit code 2). */
final class UsageException extends Exception {

    UsageException(String message) {
        super(message);
    }
}
