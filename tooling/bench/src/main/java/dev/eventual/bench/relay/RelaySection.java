package dev.eventual.bench.relay;

import dev.eventual.bench.BenchOptions;
import dev.eventual.bench.BenchSuite;
import dev.eventual.bench.load.ClosedLoop;
import dev.eventual.bench.load.LatencySummary;
import dev.eventual.bench.load.OrderClient;
import dev.eventual.bench.load.PlacedOrders;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.mq.EmbeddedRocketMq;
import dev.eventual.launcher.SuiteService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Section {@code relay} (issue 39, docs/design.md "The outbox"): orders do not wait for the broker. With the same
 * closed loop, orders/s and latency of {@code POST /api/orders} with the broker up, then for as long with the
 * broker stopped (the fallback writes each event WAITING; the breaker spares the send timeouts). Orders go on
 * until {@code --relay-backlog} events wait, so the backlog is what the fallback itself writes; then the broker
 * starts again and the relay's rate is read from the rows' relayed_at, the time to every event stored and to
 * every event consumed from polls of message_log.
 */
public final class RelaySection {

    private static final Logger log = LoggerFactory.getLogger(RelaySection.class);
    private static final Duration WARM_UP = Duration.ofSeconds(10);
    private static final Duration FILL_STEP = Duration.ofSeconds(10);
    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration RELAY_TIMEOUT = Duration.ofMinutes(10);

    private final BenchSuite suite;
    private final BenchOptions options;
    private final ClosedLoop load;

    public RelaySection(BenchSuite suite, BenchOptions options) {
        this.suite = suite;
        this.options = options;
        OrderClient client = new OrderClient(suite.port(SuiteService.ORDER), suite.customerTokens());
        this.load = new ClosedLoop(client, n -> BenchSuite.FIRST_SKU + Math.floorMod(n, BenchSuite.SKUS));
    }

    public RelayResult run() {
        int concurrency = options.relayConcurrency();
        Duration outage = options.relayOutage();
        EmbeddedRocketMq broker = suite.processes().broker();

        RelayResult.Run up = run(load.run(concurrency, WARM_UP, outage));
        log.info("relay: broker up, c={}: {}", concurrency, up);
        suite.awaitConsumed(options.drain());

        long fillStarted = System.nanoTime();
        broker.stopBroker();
        RelayResult.Run down;
        long backlog;
        LocalDateTime restarted;
        long restartedNanos;
        try {
            // the whole outage counts, its first seconds too: the sends that fail before the breaker opens
            down = run(load.run(concurrency, Duration.ZERO, outage));
            log.info("relay: broker down, c={}: {}", concurrency, down);
            while ((backlog = waiting()) < options.relayBacklog()) {
                load.run(concurrency, Duration.ZERO, FILL_STEP);
                log.info("relay: {} of {} events waiting", waiting(), options.relayBacklog());
            }
        } finally {
            restarted = LocalDateTime.now(ZoneOffset.UTC);
            restartedNanos = System.nanoTime();
            broker.startBroker();
        }
        double fillSeconds = (restartedNanos - fillStarted) / 1e9;
        log.info("relay: broker started with {} events waiting, placed in {} s", backlog, fillSeconds);

        double firstSent = -1;
        double allSent = -1;
        long deadline = restartedNanos + RELAY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            long left = waiting();
            double since = (System.nanoTime() - restartedNanos) / 1e9;
            if (firstSent < 0 && left < backlog) {
                firstSent = since;
            }
            if (left == 0) {
                allSent = since;
                break;
            }
            BenchSuite.sleep(POLL);
        }
        double allConsistent = -1;
        while (allSent >= 0 && System.nanoTime() < deadline) {
            if (suite.count(ServiceDatabase.ORDER, "SELECT COUNT(*) FROM message_log WHERE msg_status IN ('WAITING', 'SENT')") == 0) {
                allConsistent = (System.nanoTime() - restartedNanos) / 1e9;
                break;
            }
            BenchSuite.sleep(POLL);
        }
        double[] relayed = relayedSince(restarted);
        RelayResult result = new RelayResult(concurrency, outage.toMillis() / 1e3, up, down, backlog, fillSeconds, firstSent,
                allSent, relayed[1], relayed[1] > 0 ? relayed[0] / relayed[1] : 0, allConsistent);
        log.info("relay: {}", result);
        return result;
    }

    private static RelayResult.Run run(PlacedOrders orders) {
        return new RelayResult.Run(orders.placed(), orders.ordersPerSecond(), orders.errors(),
                LatencySummary.ofNanos(orders.latencyNanos()));
    }

    private long waiting() {
        return suite.count(ServiceDatabase.ORDER, "SELECT COUNT(*) FROM message_log WHERE msg_status = 'WAITING'");
    }

    /** Rows the relay stored since {@code since} (order-service's UTC clock) and the seconds from its first to its last. */
    private double[] relayedSince(LocalDateTime since) {
        try (Connection orders = suite.connect(ServiceDatabase.ORDER);
             PreparedStatement sql = orders.prepareStatement("SELECT COUNT(*),"
                     + " TIMESTAMPDIFF(MICROSECOND, MIN(relayed_at), MAX(relayed_at)) FROM message_log WHERE relayed_at >= ?")) {
            sql.setObject(1, since);
            try (ResultSet rows = sql.executeQuery()) {
                rows.next();
                return new double[] {rows.getLong(1), rows.getLong(2) / 1e6};
            }
        } catch (SQLException e) {
            throw new IllegalStateException("reading relayed_at", e);
        }
    }
}
