package dev.eventual.launcher;

import dev.eventual.launcher.logging.StandardErrorLogging;

/**
 * The launcher jar's entry point. Run as the invariant checker ({@code check} for
 * {@code ./check-invariants.sh}, {@code --check} for {@code ./run-local.sh --check}) it sends every
 * log line to standard error before anything logs, as standard output is the check's report alone
 * (docs/invariant-checker.md). Then {@link LocalLauncher} does what the arguments ask; the local
 * suite's services log as their Spring Boot configuration says (logback-spring.xml).
 */
public final class LauncherMain {

    private LauncherMain() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && (args[0].equals("check") || args[0].equals("--check"))) {
            StandardErrorLogging.install();
        }
        LocalLauncher.main(args);
    }
}
