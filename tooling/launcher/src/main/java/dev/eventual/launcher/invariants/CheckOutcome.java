package dev.eventual.launcher.invariants;

/** How a check ended, and the process exit code that says so (docs/invariant-checker.md). */
public enum CheckOutcome {
    /** Every invariant holds. */
    CLEAN(0),
    /** At least one violation was found and printed. */
    VIOLATIONS(1),
    /** The command line was wrong: nothing was read ({@code --help} ends CLEAN). */
    USAGE(2),
    /** A database could not be reached, logged into or read: nothing is known about the invariants. */
    UNREADABLE(3);

    private final int exitCode;

    CheckOutcome(int exitCode) {
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
