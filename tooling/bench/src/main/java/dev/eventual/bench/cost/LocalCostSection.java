package dev.eventual.bench.cost;

import dev.eventual.bench.BenchOptions;
import dev.eventual.bench.BenchSuite;
import dev.eventual.bench.resources.JitMeter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The cost section's closed-loop steps against {@code ./run-local.sh --gate} (issue 41: its one JVM is
 * reported beside the per-process layout, which carries the targets): the same wrk steps, blocks, probes and
 * saturation figures as {@link CostSection}, with SUT CPU from /proc of the launcher's JVM, its mariadbd and
 * its redis-server. The script gates every SKU, so orders take the gate's reservation path, as users' do.
 * No fixed-rate windows and no SQL counters: per-process figures (tooling/bench/README.md, "9. Cost per unit").
 */
public final class LocalCostSection {

    private static final Logger log = LoggerFactory.getLogger(LocalCostSection.class);
    /** Customers of these steps: the same as the per-process cost section's, so that the wrk scripts are too. */
    private static final long FIRST_USER = 8_000_000L;
    private static final int USERS = 16;
    private static final int STOCK = 100_000_000;

    private final BenchOptions options;
    private final Path checkout;

    public LocalCostSection(BenchOptions options, Path checkout) {
        this.options = options;
        this.checkout = checkout;
    }

    public CostResult run() {
        if (!Wrk.available()) {
            throw new IllegalStateException("--layout=local runs closed-loop steps only, and " + Wrk.PATH + " is not installed");
        }
        Path work = options.workDirectory();
        try (RunLocalScript suite = RunLocalScript.start(checkout, work.resolve("run-local-data"),
                work.resolve("run-local.log"))) {
            // the refusal's SKU is created sold out through the API, as an admin would; the script gates every SKU
            suite.setStock(BenchSuite.FLASH_SKU, 0);
            for (long sku = BenchSuite.FIRST_SKU; sku < BenchSuite.FIRST_SKU + BenchSuite.SKUS; sku++) {
                suite.setStock(sku, STOCK);
            }
            Wrk wrk = new Wrk(work, FIRST_USER, USERS, user -> suite.token("customer:" + user));
            // the JIT compiles each path, and Tomcat starts the threads of 64 connections, before anything is measured
            JitWarmUp.untilQuiet(new JitMeter(suite.processes()), options, () -> {
                for (StepKind kind : StepKind.values()) {
                    step(suite, wrk, kind, ClosedLoopStep.CONNECTIONS.get(ClosedLoopStep.CONNECTIONS.size() - 1));
                }
            }, "./run-local.sh");
            List<CostBlock> blocks = new ArrayList<>();
            try (BoxProbe probe = new BoxProbe()) {
                for (int b = 0; b < options.costBlocks(); b++) {
                    blocks.add(block(b, probe, suite, wrk));
                }
            }
            List<CostBlock> kept = blocks.stream().filter(b -> b.dropped() == null).toList();
            CostResult result = new CostResult(Layout.LOCAL, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    options.costStep().toMillis() / 1e3, blocks, CostSection.saturation(kept, CostSection.reference(kept)),
                    List.of(), Double.NaN, Double.NaN, Double.NaN, Double.NaN);
            log.info("cost, ./run-local.sh: {} of {} blocks kept; saturation {}", result.keptBlocks(), blocks.size(),
                    result.saturation());
            return result;
        }
    }

    private CostBlock block(int index, BoxProbe probe, RunLocalScript suite, Wrk wrk) {
        double before = probe.millis();
        BoxCpu boxBefore = BoxCpu.now();
        List<ClosedLoopStep> steps = new ArrayList<>();
        for (int connections : ClosedLoopStep.CONNECTIONS) {
            for (StepKind kind : CostSection.rotation(index)) {
                steps.add(step(suite, wrk, kind, connections));
            }
        }
        double steal = BoxCpu.now().stealPercentSince(boxBefore);
        double after = probe.millis();
        CostBlock block = new CostBlock(index, before, after, steal, CostBlock.dropReason(before, after, steal), List.of(),
                steps);
        log.info("cost block {}, ./run-local.sh: probes {} / {} ms, steal {} %{}; {}", index, Math.round(before),
                Math.round(after), String.format("%.2f", steal), block.dropped() == null ? "" : ", dropped: " + block.dropped(),
                steps.stream().map(s -> s.kind() + " c" + s.connections() + " " + Math.round(s.unitsPerSecond()) + "/s "
                        + String.format("%.3f", s.sutCpuMsPerUnit()) + " ms").toList());
        return block;
    }

    /**
     * One step as {@link CostSection} runs it: SUT CPU gross over wrk's run (for orders until both consumers
     * reported every order), the box's total beside it, wrk's CPU out of both; this JVM's CPU is the bench's own.
     */
    private ClosedLoopStep step(RunLocalScript suite, Wrk wrk, StepKind kind, int connections) {
        BoxCpu boxBefore = BoxCpu.now();
        long started = System.nanoTime();
        long sutBefore = suite.cpuNanos();
        long benchBefore = benchCpuNanos();
        Duration length = options.costStep();
        WrkOutput out = switch (kind) {
            case REFUSAL -> wrk.run(kind, suite.orderPort(), connections, length, BenchSuite.FLASH_SKU, 1);
            case READ -> wrk.run(kind, suite.inventoryPort(), connections, length, BenchSuite.FIRST_SKU, BenchSuite.SKUS);
            case ORDER -> wrk.run(kind, suite.orderPort(), connections, length, BenchSuite.FIRST_SKU, BenchSuite.SKUS);
        };
        boolean settled = kind != StepKind.ORDER || suite.awaitConsumed(options.drain());
        double sutMs = (suite.cpuNanos() - sutBefore) / 1e6;
        double benchMs = (benchCpuNanos() - benchBefore) / 1e6;
        double seconds = (System.nanoTime() - started) / 1e9;
        BoxCpu boxAfter = BoxCpu.now();
        double generatorMs = Double.isNaN(out.generatorCpuMs()) ? 0 : out.generatorCpuMs();
        return new ClosedLoopStep(kind, connections, out, kind.units(out), seconds, sutMs, benchMs,
                boxAfter.busyMsSince(boxBefore) - generatorMs, boxAfter.interruptMsSince(boxBefore), settled, Map.of());
    }

    private static long benchCpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }
}
