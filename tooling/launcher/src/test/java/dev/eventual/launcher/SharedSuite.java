package dev.eventual.launcher;

import com.nimbusds.jwt.SignedJWT;
import dev.eventual.infra.db.EmbeddedMariaDb;

import java.nio.file.Path;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One local suite for every IT of this JVM (RocketMQ clients are per-JVM singletons, so two suites
 * with the same consumer groups must not overlap), with reconciliation timings in seconds. It stops
 * with the JVM.
 */
final class SharedSuite {

    /** A token is signed in again this long before it expires, so no request carries one that expires on the way. */
    private static final Duration MARGIN = Duration.ofMinutes(2);
    private static final Map<String, Kept> TOKENS = new ConcurrentHashMap<>();
    private static LocalSuite suite;

    private record Kept(String value, Instant renewAt) {
    }

    private SharedSuite() {
    }

    static synchronized LocalSuite get() {
        if (suite == null) {
            Path data = Path.of(System.getProperty("eventual.infra.dir", "target/infra")).resolve("launcher");
            suite = LocalSuite.start(new LaunchSettings(data, false, EmbeddedMariaDb.LOOPBACK, null, 0, 0, 0, 0, 0, 0, 0, 0, List.of(
                    "--eventual.order.reconcile-delay=1s", "--eventual.reconcile.standalone-interval=1s",
                    "--eventual.reconcile.backoff=1s", "--eventual.reconcile.jitter=0",
                    "--eventual.reconcile.max-retries=2",
                    // the unpaid-order scan every second instead of every 15 s: UnpaidOrderTimeoutIT and HungBrokerIT
                    // age an order past the timeout and wait for the next scan; which orders are overdue stays the same
                    "--eventual.reconcile.unpaid.standalone-interval=1s",
                    // the retention job every 2 s instead of every hour: LateEventIT ages an order past the
                    // consumers' retention and waits for their cleanup; what is past its retention stays the same
                    "--eventual.reconcile.retention.interval=2s",
                    // and the archive every 2 s instead of every hour: LateEventIT ages an event past archive-after (30
                    // days) and waits for the archive; which rows are old enough stays the same
                    "--eventual.reconcile.archive-interval=2s",
                    // the stock gate for the SKUs of StockGateRepairIT and InvariantCheckCommandIT's gate check
                    // only; every other test's SKUs take today's path
                    "--eventual.gate.enabled=true",
                    "--eventual.gate.skus=" + StockGateRepairIT.GATED_SKUS + "," + InvariantCheckCommandIT.GATED_SKU,
                    "--eventual.reconcile.gate.standalone-interval=1s", "--eventual.reconcile.gate.grace=20s"), 1));
            Runtime.getRuntime().addShutdownHook(new Thread(suite::close, "launcher-it-shutdown"));
        }
        return suite;
    }

    /**
     * An access token of the shared suite for a demo person ({@code alice}, {@code bob}, {@code olga},
     * {@code adam}), {@code customer:<id>} or one of its clients ({@code reconcile-job}, {@code payment-provider}
     * ...), from {@code identity().token(...)}: signed in through the real login form (or got with the client's
     * credentials) once and kept until shortly before it expires (a person's tokens live 30 minutes, a client's
     * 5; a whole run of the ITs takes longer), so thousands of requests cost one sign-in per caller.
     */
    static String token(String who) {
        LocalSuite running = get();
        return TOKENS.compute(who, (name, kept) -> {
            if (kept != null && Instant.now().isBefore(kept.renewAt())) {
                return kept;
            }
            String fresh = running.identity().token(name);
            return new Kept(fresh, expiry(fresh).minus(MARGIN));
        }).value();
    }

    private static Instant expiry(String token) {
        try {
            return SignedJWT.parse(token).getJWTClaimsSet().getExpirationTime().toInstant();
        } catch (ParseException e) {
            throw new IllegalStateException("the auth server issued no JWT", e);
        }
    }
}
