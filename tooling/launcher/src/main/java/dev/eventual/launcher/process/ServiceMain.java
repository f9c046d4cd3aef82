package dev.eventual.launcher.process;

import dev.eventual.launcher.SuiteService;

import java.util.Arrays;

/** Entry point of one service's JVM in a {@link ProcessSuite}: {@code ServiceMain <SERVICE> [--key=value ...]}. */
public final class ServiceMain {

    private ServiceMain() {
    }

    public static void main(String[] args) {
        SuiteService.valueOf(args[0]).application().run(Arrays.copyOfRange(args, 1, args.length));
    }
}
