package dev.eventual.bench.consistency;

import dev.eventual.bench.BenchOptions;
import dev.eventual.bench.BenchSuite;
import dev.eventual.bench.load.LatencySummary;
import dev.eventual.bench.load.OpenLoop;
import dev.eventual.bench.load.OrderClient;
import dev.eventual.bench.load.PlacedOrders;
import dev.eventual.bench.service.PublishMode;
import dev.eventual.launcher.SuiteService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Section 2: time from POST to both downstream effects recorded, under fixed arrival rates set by options
 * ({@code --consistency-rate}, on which the target is checked, and {@code --consistency-high-rate}), the
 * same in every run so that runs compare; not fractions of the run's own end-to-end rate, which moves
 * from run to run.
 */
public final class ConsistencySection {

    private static final Logger log = LoggerFactory.getLogger(ConsistencySection.class);

    private final BenchSuite suite;
    private final BenchOptions options;

    public ConsistencySection(BenchSuite suite, BenchOptions options) {
        this.suite = suite;
        this.options = options;
    }

    public ConsistencyResult run() {
        suite.mode(PublishMode.TRANSACTIONAL);
        List<ConsistencyRun> runs = new ArrayList<>();
        for (double rate : options.consistencyRates()) {
            suite.awaitReconciled(options.drain());
            runs.add(runAt(rate));
        }
        return new ConsistencyResult(options.consistencyRate(), runs);
    }

    private ConsistencyRun runAt(double rate) {
        OpenLoop load = new OpenLoop(new OrderClient(suite.port(SuiteService.ORDER), suite.customerTokens()),
                n -> BenchSuite.FIRST_SKU + Math.floorMod(n * 7919L, BenchSuite.SKUS));
        PlacedOrders placed = load.run(rate, options.loadDuration());
        EffectTimes times = new EffectTimes(suite);
        long deadline = System.nanoTime() + options.drain().toNanos();
        Map<Long, Long> consistent = times.consistentAt(placed.orderIds());
        while (consistent.size() < placed.placed() && System.nanoTime() < deadline) {
            BenchSuite.sleep(Duration.ofSeconds(1));
            consistent = times.consistentAt(placed.orderIds());
        }
        long now = System.currentTimeMillis();
        long[] lag = new long[placed.placed()];
        int never = 0;
        for (int i = 0; i < lag.length; i++) {
            Long at = consistent.get(placed.orderIds()[i]);
            if (at == null) {
                never++;
            }
            // the databases store milliseconds; a clock step between the two readings is clamped at 0
            lag[i] = Math.max(0, (at == null ? now : at) - placed.sentAtMillis()[i]);
        }
        ConsistencyRun run = new ConsistencyRun(rate, placed.ordersPerSecond(), placed.placed(),
                placed.errors(), never, LatencySummary.ofMillis(lag), LatencySummary.ofNanos(placed.latencyNanos()));
        log.info("consistency at {} /s: p50 {} ms, p99 {} ms, {} never consistent", Math.round(rate), run.timeToConsistency().p50Ms(), run.timeToConsistency().p99Ms(), never);
        return run;
    }
}
