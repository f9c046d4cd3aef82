package dev.eventual.bench.acceptance;

import dev.eventual.bench.BenchOptions;
import dev.eventual.bench.BenchSuite;
import dev.eventual.bench.load.ClosedLoop;
import dev.eventual.bench.load.LatencySummary;
import dev.eventual.bench.load.OrderClient;
import dev.eventual.bench.load.PlacedOrders;
import dev.eventual.bench.service.ModeSwitchingPublisher;
import dev.eventual.bench.service.PublishMode;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.launcher.process.ProcessSuite;
import dev.eventual.launcher.process.ServiceProcess;
import dev.eventual.launcher.SuiteService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.eventual.bench.resources.JitMeter;
import dev.eventual.bench.resources.ProcessUsage;
import dev.eventual.bench.resources.ResourceSampler;
import dev.eventual.bench.resources.SectionUsage;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Section 1: {@code POST /api/orders} at fixed concurrency in each publishing mode. The modes take turns
 * within each concurrency level, starting one mode later at each level, so that drift (a growing
 * database, a neighbour's load) and a step's position hit every mode alike; after a step whose events
 * reach the consumers ((a) and (c')) they finish those events before the next step starts, so its
 * backlog is not charged to the next one. The reconcile job is stopped meanwhile: it would re-drive the
 * rows of modes (b) and (c), which no consumer ever sees, and charge that work to the next step; those
 * rows are retired (SKIPPED) before it comes back.
 */
public final class AcceptanceSection {

    private static final Logger log = LoggerFactory.getLogger(AcceptanceSection.class);

    private final BenchSuite suite;
    private final BenchOptions options;
    private final ResourceSampler sampler;
    private final JitMeter jit;

    /**
     * @param sampler gets a window per step, so each step's CPU can be split per process
     * @param jit     the JIT compilers of every JVM: warm-up lasts until they are quiet, and each step reports theirs
     */
    public AcceptanceSection(BenchSuite suite, BenchOptions options, ResourceSampler sampler, JitMeter jit) {
        this.suite = suite;
        this.options = options;
        this.sampler = sampler;
        this.jit = jit;
    }

    public AcceptanceResult run() {
        ServiceProcess reconcile = suite.processes().service(SuiteService.RECONCILE);
        reconcile.stop();
        ClosedLoop load = new ClosedLoop(new OrderClient(suite.port(SuiteService.ORDER), suite.customerTokens()),
                n -> BenchSuite.FIRST_SKU + Math.floorMod(n, BenchSuite.SKUS));
        List<AcceptanceStep> steps = new ArrayList<>();
        try {
            warmUpUntilTheJitIsQuiet(load);
            PublishMode[] modes = PublishMode.values();
            List<Integer> concurrencies = options.concurrencies();
            for (int level = 0; level < concurrencies.size(); level++) {
                for (int turn = 0; turn < modes.length; turn++) {
                    PublishMode mode = modes[(level + turn) % modes.length];
                    suite.mode(mode);
                    steps.add(step(load, mode.letter(), concurrencies.get(level)));
                    if (mode.feedsConsumers()) {
                        suite.awaitConsumed(options.drain());
                    }
                }
            }
            if (options.isolatePublish()) {
                steps.addAll(withoutConsumers(load));
            }
        } finally {
            suite.mode(PublishMode.TRANSACTIONAL);
            int retired = suite.update(ServiceDatabase.ORDER, "UPDATE message_log SET reconcile_status = 'SKIPPED'"
                    + " WHERE transaction_id LIKE '" + ModeSwitchingPublisher.TRANSACTION_ID_PREFIX + "%'"
                    + " AND reconcile_status IN ('PENDING', 'RETRY')");
            log.info("retired {} message_log rows of modes b and c; restarting reconcile-job", retired);
            reconcile.start();
            reconcile.awaitHealthy(ProcessSuite.START_TIMEOUT);
        }
        return new AcceptanceResult(steps, ratios(steps));
    }

    /**
     * Runs mode a (which also drives the consumers, order-service's report endpoint and the broker's
     * transactional path) at concurrency 8 in rounds of 2 × {@code --warm-up} until the compiler
     * threads of all JVMs used less than {@code --jit-quiet} cores over a round, or {@code --warm-up-cap}
     * has passed; then the other modes, whose paths are mostly a's, for one round each. Switching modes
     * every round kept the compilers busy (each switch invalidates profiles they compiled against).
     */
    private void warmUpUntilTheJitIsQuiet(ClosedLoop load) {
        long started = System.nanoTime();
        Duration round = options.warmUp().multipliedBy(2);
        suite.mode(PublishMode.TRANSACTIONAL);
        int rounds = 0;
        double jitCores;
        while (true) {
            long ticks = jit.ticks();
            long roundStart = System.nanoTime();
            load.run(8, round, Duration.ZERO);
            rounds++;
            jitCores = (jit.ticks() - ticks) / 100.0 / ((System.nanoTime() - roundStart) / 1e9);
            if (jitCores < options.jitQuiet()) {
                break;
            }
            if ((System.nanoTime() - started) / 1e9 >= options.warmUpCap().toSeconds()) {
                log.warn("warm-up: JIT still at {} cores after {} s (--warm-up-cap); measuring anyway",
                        String.format("%.3f", jitCores), Math.round((System.nanoTime() - started) / 1e9));
                break;
            }
        }
        for (PublishMode mode : List.of(PublishMode.LOCAL_ONLY, PublishMode.LOCAL_THEN_SEND,
                PublishMode.LOCAL_THEN_SEND_CONSUMED)) {
            suite.mode(mode);
            load.run(8, round, Duration.ZERO);
        }
        suite.awaitConsumed(options.drain());
        log.info("warm-up: mode a's JIT at {} cores after {} rounds; {} s in all", String.format("%.3f", jitCores), rounds,
                Math.round((System.nanoTime() - started) / 1e9));
    }

    /**
     * Mode (a) with inventory- and notice-service stopped: events pile up in the broker instead of being
     * consumed beside the front door, which isolates the publishing protocol's own cost. The consumers
     * come back afterwards, and only their health is awaited: they work off a0's backlog, with a cold
     * JIT, while the next section runs (tooling/bench/README.md, option table).
     */
    private List<AcceptanceStep> withoutConsumers(ClosedLoop load) {
        List<ServiceProcess> consumers = List.of(suite.processes().service(SuiteService.INVENTORY),
                suite.processes().service(SuiteService.NOTICE));
        consumers.forEach(ServiceProcess::stop);
        List<AcceptanceStep> steps = new ArrayList<>();
        try {
            suite.mode(PublishMode.TRANSACTIONAL);
            for (int concurrency : options.concurrencies()) {
                steps.add(step(load, "a0", concurrency));
            }
        } finally {
            consumers.forEach(ServiceProcess::start);
            consumers.forEach(process -> process.awaitHealthy(ProcessSuite.START_TIMEOUT));
        }
        return steps;
    }

    private AcceptanceStep step(ClosedLoop load, String mode, int concurrency) {
        load.run(concurrency, options.warmUp(), Duration.ZERO);
        sampler.begin("acceptance " + mode + " c=" + concurrency);
        long jitBefore = jit.ticks();
        PlacedOrders placed = load.run(concurrency, Duration.ZERO, options.measure());
        long jitTicks = jit.ticks() - jitBefore;
        SectionUsage usage = sampler.end();
        AcceptanceStep step = new AcceptanceStep(mode, concurrency, placed.ordersPerSecond(),
                LatencySummary.ofNanos(placed.latencyNanos()), placed.errors(), cpuPerOrder(usage, placed),
                placed.placed() == 0 ? 0 : jitTicks * 10.0 / placed.placed());
        log.info("acceptance {} c={}: {} orders/s, p50 {} ms, p99 {} ms, {} errors", mode, concurrency,
                Math.round(step.ordersPerSecond()), step.latency().p50Ms(), step.latency().p99Ms(), step.errors());
        return step;
    }

    private static Map<String, Double> cpuPerOrder(SectionUsage usage, PlacedOrders placed) {
        Map<String, Double> perOrder = new LinkedHashMap<>();
        for (ProcessUsage process : usage.processes()) {
            perOrder.put(process.process(), placed.placed() == 0 ? 0
                    : process.cpuCores() * usage.seconds() * 1000 / placed.placed());
        }
        return perOrder;
    }

    /**
     * Per concurrency level, (a) over each mode at that level; then the median of each ratio over the levels
     * where both of its modes ran. Not each mode's best step: those come from different levels, so which
     * levels ran would decide the ratio.
     */
    static List<ModeRatios> ratios(List<AcceptanceStep> steps) {
        List<ModeRatios> ratios = new ArrayList<>();
        boolean isolated = steps.stream().anyMatch(s -> s.mode().equals("a0"));
        List<Integer> levels = steps.stream().map(AcceptanceStep::concurrency).distinct().toList();
        levels.forEach(c -> ratios.add(new ModeRatios(Integer.toString(c), ratio(rate(steps, "a", c), rate(steps, "b", c)),
                ratio(rate(steps, "a", c), rate(steps, "c", c)), ratio(rate(steps, "a", c), rate(steps, "c'", c)),
                isolated ? ratio(rate(steps, "a0", c), rate(steps, "c", c)) : null)));
        ratios.add(new ModeRatios(ModeRatios.MEDIAN, median(steps, levels, "a", "b"), median(steps, levels, "a", "c"),
                median(steps, levels, "a", "c'"), isolated ? median(steps, levels, "a0", "c") : null));
        return ratios;
    }

    private static double median(List<AcceptanceStep> steps, List<Integer> levels, String over, String under) {
        double[] sorted = levels.stream().filter(c -> ran(steps, over, c) && ran(steps, under, c))
                .mapToDouble(c -> ratio(rate(steps, over, c), rate(steps, under, c))).sorted().toArray();
        if (sorted.length == 0) {
            return 0;
        }
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static boolean ran(List<AcceptanceStep> steps, String mode, int concurrency) {
        return steps.stream().anyMatch(s -> s.mode().equals(mode) && s.concurrency() == concurrency);
    }

    private static double rate(List<AcceptanceStep> steps, String mode, int concurrency) {
        return steps.stream().filter(s -> s.mode().equals(mode) && s.concurrency() == concurrency)
                .mapToDouble(AcceptanceStep::ordersPerSecond).findFirst().orElse(0);
    }

    private static double ratio(double a, double b) {
        return b == 0 ? 0 : a / b;
    }
}
