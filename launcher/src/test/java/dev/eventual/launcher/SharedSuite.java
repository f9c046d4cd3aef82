package dev.eventual.launcher;

import dev.eventual.infra.db.EmbeddedMariaDb;

import java.nio.file.Path;
import java.util.List;

/**
 * One local suite for every IT of this JVM (RocketMQ clients are per-JVM singletons, so two suites
 * with the same consumer groups must not overlap), with reconciliation timings in seconds. It stops
 * with the JVM.
 */
final class SharedSuite {

    static final String TOKEN = "launcher-it-token-0123456789";
    private static LocalSuite suite;

    private SharedSuite() {
    }

    static synchronized LocalSuite get() {
        if (suite == null) {
            Path data = Path.of(System.getProperty("eventual.infra.dir", "target/infra")).resolve("launcher");
            suite = LocalSuite.start(new LaunchSettings(data, false, EmbeddedMariaDb.LOOPBACK, null, 0, 0, 0, 0, 0, 0, 0, 0, TOKEN, List.of(
                    "--eventual.order.reconcile-delay=1s", "--eventual.reconcile.standalone-interval=1s",
                    "--eventual.reconcile.backoff=1s", "--eventual.reconcile.jitter=0",
                    "--eventual.reconcile.max-retries=2",
                    // the stock gate for the SKUs of StockGateRepairIT and InvariantCheckCommandIT's gate check
                    // only; every other test's SKUs take today's path
                    "--eventual.gate.enabled=true",
                    "--eventual.gate.skus=" + StockGateRepairIT.GATED_SKUS + "," + InvariantCheckCommandIT.GATED_SKU,
                    "--eventual.reconcile.gate.standalone-interval=1s", "--eventual.reconcile.gate.grace=20s")));
            Runtime.getRuntime().addShutdownHook(new Thread(suite::close, "launcher-it-shutdown"));
        }
        return suite;
    }
}
