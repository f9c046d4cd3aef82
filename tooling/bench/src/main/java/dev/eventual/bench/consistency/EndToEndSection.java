package dev.eventual.bench.consistency;

import dev.eventual.bench.BenchOptions;
import dev.eventual.bench.BenchSuite;
import dev.eventual.bench.load.ClosedLoop;
import dev.eventual.bench.load.OrderClient;
import dev.eventual.bench.load.PlacedOrders;
import dev.eventual.bench.service.PublishMode;
import dev.eventual.launcher.SuiteService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

/**
 * Section 3: the sustained rate of orders that reach reconcile SUCCESS with both downstream effects
 * (set by the last consumer group's report, or by the reconcile job), everything on this box. A closed loop at the given concurrency places orders for the load time;
 * the clock runs from the first send to the last SUCCESS, so a backlog the consumers or the reconcile
 * job build up counts against the rate.
 */
public final class EndToEndSection {

    private static final Logger log = LoggerFactory.getLogger(EndToEndSection.class);

    private final BenchSuite suite;
    private final BenchOptions options;

    public EndToEndSection(BenchSuite suite, BenchOptions options) {
        this.suite = suite;
        this.options = options;
    }

    public EndToEndResult run(int concurrency) {
        suite.mode(PublishMode.TRANSACTIONAL);
        suite.awaitReconciled(options.drain());
        ClosedLoop load = new ClosedLoop(new OrderClient(suite.port(SuiteService.ORDER), suite.customerTokens()),
                n -> BenchSuite.FIRST_SKU + Math.floorMod(n, BenchSuite.SKUS));
        PlacedOrders placed = load.run(concurrency, Duration.ZERO, options.loadDuration());
        EffectTimes times = new EffectTimes(suite);
        long deadline = System.nanoTime() + options.drain().toNanos();
        Map<Long, Long> reconciled = times.reconciledAt(placed.orderIds());
        while (reconciled.size() < placed.placed() && System.nanoTime() < deadline) {
            BenchSuite.sleep(Duration.ofSeconds(1));
            reconciled = times.reconciledAt(placed.orderIds());
        }
        long first = Arrays.stream(placed.sentAtMillis()).min().orElse(0);
        long last = reconciled.values().stream().mapToLong(Long::longValue).max().orElse(first);
        double span = Math.max(0.001, (last - first) / 1000.0);
        EndToEndResult result = new EndToEndResult(concurrency, placed.seconds(), placed.placed(), placed.errors(),
                placed.ordersPerSecond(), reconciled.size(), placed.placed() - reconciled.size(), span,
                reconciled.size() / span, 0);
        log.info("end-to-end c={}: {} placed ({} /s accepted), {} reconciled in {} s = {} consistent orders/s",
                concurrency, result.placed(), Math.round(result.acceptedPerSecond()), result.reconciled(),
                String.format("%.1f", span), Math.round(result.consistentPerSecond()));
        return result;
    }
}
