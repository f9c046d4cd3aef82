package dev.eventual.bench.cost;

import dev.eventual.bench.BenchOptions;
import dev.eventual.bench.BenchSuite;
import dev.eventual.bench.resources.CpuMeter;
import dev.eventual.bench.resources.CpuPart;
import dev.eventual.bench.resources.CpuWindow;
import dev.eventual.bench.resources.JitMeter;
import dev.eventual.launcher.SuiteService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.ToDoubleFunction;

/**
 * The cost of a sold-out refusal, a plain read and a consistent order in K blocks between two box-speed
 * probes. Each block runs issue 28's fixed-rate windows (every {@link Variant}, rotated; CPU net of the
 * block's idle window; information since issue 41), then issue 41's closed-loop wrk steps (every
 * {@link StepKind} at c = 16 and 64), whose saturation figures carry the CPU targets. CPU is the system
 * under test's (schedstat; the generator apart); SQL counts come from USER_STATISTICS per service account.
 * Verdicts come from the per-block values (tooling/bench/README.md, "9. Cost per unit").
 */
public final class CostSection {

    private static final Logger log = LoggerFactory.getLogger(CostSection.class);
    /** Customers of this section, apart from the other sections' users. */
    private static final long FIRST_USER = 8_000_000L;
    private static final int USERS = 16;
    /** Connections of the fixed-rate generator, the same for every variant. */
    private static final int CONNECTIONS = 32;
    private static final String ORDER_ACCOUNT = SuiteService.ORDER.databaseUser();

    private final BenchSuite suite;
    private final BenchOptions options;
    private final CpuMeter cpu;
    private final JitMeter jit;
    private final SqlCounters sql;

    public CostSection(BenchSuite suite, BenchOptions options, CpuMeter cpu, JitMeter jit) {
        this.suite = suite;
        this.options = options;
        this.cpu = cpu;
        this.jit = jit;
        this.sql = new SqlCounters(suite);
    }

    public CostResult run() {
        suite.processes().setStock(BenchSuite.FLASH_SKU, 0);
        sql.enable();
        Duration window = options.costWindow();
        // the JIT compiles each path, and Tomcat starts the threads of 64 connections, before anything is measured
        for (Variant variant : Variant.values()) {
            if (variant != Variant.IDLE) {
                measure(variant, window);
            }
        }
        Wrk wrk = Wrk.available() ? new Wrk(options.workDirectory(), FIRST_USER, USERS, suite.customerTokens()) : null;
        if (wrk == null) {
            log.warn("cost: {} not installed, no closed-loop steps: the saturation figures and their targets stay unmeasured",
                    Wrk.PATH);
        } else {
            JitWarmUp.untilQuiet(jit, options, () -> {
                for (StepKind kind : StepKind.values()) {
                    step(wrk, kind, ClosedLoopStep.CONNECTIONS.get(ClosedLoopStep.CONNECTIONS.size() - 1));
                }
            }, "per-process layout");
        }
        log.info("cost: bench JVM threads by part {}", cpu.benchThreadNames());
        List<CostBlock> blocks = new ArrayList<>();
        try (BoxProbe probe = new BoxProbe()) {
            for (int b = 0; b < options.costBlocks(); b++) {
                blocks.add(block(b, probe, window, wrk));
            }
        }
        CostResult result = result(blocks);
        log.info("cost: {} of {} blocks kept; saturation {}; fixed rates {}", result.keptBlocks(), blocks.size(),
                result.saturation(), result.fixedRate());
        return result;
    }

    private CostBlock block(int index, BoxProbe probe, Duration window, Wrk wrk) {
        double before = probe.millis();
        BoxCpu boxBefore = BoxCpu.now();
        Map<Variant, Measured> measured = new LinkedHashMap<>();
        for (Variant variant : Variant.rotation(index)) {
            measured.put(variant, measure(variant, window));
        }
        List<ClosedLoopStep> steps = new ArrayList<>();
        if (wrk != null) {
            // interleaved: each c runs every kind, in an order rotated by the block, so refusal and read sit side by side
            for (int connections : ClosedLoopStep.CONNECTIONS) {
                for (StepKind kind : rotation(index)) {
                    steps.add(step(wrk, kind, connections));
                }
            }
        }
        double steal = BoxCpu.now().stealPercentSince(boxBefore);
        double after = probe.millis();
        Measured idle = measured.get(Variant.IDLE);
        List<VariantRun> runs = new ArrayList<>();
        for (Variant variant : Variant.values()) {
            runs.add(measured.get(variant).net(idle));
        }
        CostBlock block = new CostBlock(index, before, after, steal, CostBlock.dropReason(before, after, steal), runs,
                steps);
        log.info("cost block {} ({}): probes {} / {} ms, steal {} %{}; fixed rates: refusal {} ms, read {} ms, order {} ms"
                        + " SUT CPU; closed loop: {}", index, Variant.rotation(index), Math.round(before), Math.round(after),
                String.format("%.2f", steal), block.dropped() == null ? "" : ", dropped: " + block.dropped(),
                fmt(block.run(Variant.REFUSAL).sutCpuMsPerUnit()), fmt(block.run(Variant.READ).sutCpuMsPerUnit()),
                fmt(block.run(Variant.ORDER).sutCpuMsPerUnit()), steps.stream().map(s -> s.kind() + " c" + s.connections()
                        + " " + Math.round(s.unitsPerSecond()) + "/s " + fmt(s.sutCpuMsPerUnit()) + " ms").toList());
        return block;
    }

    /** The kinds in the order block {@code block} runs them at each c. */
    static List<StepKind> rotation(int block) {
        List<StepKind> order = new ArrayList<>(List.of(StepKind.values()));
        Collections.rotate(order, -(block % order.size()));
        return order;
    }

    /**
     * One closed-loop step: SUT CPU gross (at saturation the background is a small share, and issue 41 divides
     * the window's CPU by its units), the box's own total beside it, wrk's CPU taken out of both.
     */
    private ClosedLoopStep step(Wrk wrk, StepKind kind, int connections) {
        BoxCpu boxBefore = BoxCpu.now();
        CpuMeter.Reading cpuBefore = cpu.read();
        Duration length = options.costStep();
        WrkOutput out = switch (kind) {
            case REFUSAL -> wrk.run(kind, suite.port(SuiteService.ORDER), connections, length, BenchSuite.FLASH_SKU, 1);
            case READ -> wrk.run(kind, suite.port(SuiteService.INVENTORY), connections, length, BenchSuite.FIRST_SKU,
                    BenchSuite.SKUS);
            case ORDER -> wrk.run(kind, suite.port(SuiteService.ORDER), connections, length, BenchSuite.FIRST_SKU,
                    BenchSuite.SKUS);
        };
        boolean settled = kind != StepKind.ORDER || suite.awaitConsumed(options.drain());
        CpuWindow used = cpu.read().since(cpuBefore);
        BoxCpu boxAfter = BoxCpu.now();
        double generatorMs = Double.isNaN(out.generatorCpuMs()) ? 0 : out.generatorCpuMs();
        Map<String, Double> byPart = new LinkedHashMap<>();
        for (CpuPart part : CpuPart.values()) {
            if (part.sut()) {
                byPart.put(part.label(), used.nanos(part) / 1e6);
            }
        }
        return new ClosedLoopStep(kind, connections, out, kind.units(out), used.seconds(), used.sutNanos() / 1e6,
                (used.nanos(CpuPart.BENCH_OTHER) + used.nanos(CpuPart.LOAD_GENERATOR)) / 1e6,
                boxAfter.busyMsSince(boxBefore) - generatorMs, boxAfter.interruptMsSince(boxBefore), settled, byPart);
    }

    /** One window of one variant: the load (none for idle) and, for orders, the wait until all are consistent. */
    private Measured measure(Variant variant, Duration window) {
        Map<String, SqlCounters.SqlCount> sqlBefore = sql.read();
        CpuMeter.Reading cpuBefore = cpu.read();
        LoadRun load = null;
        boolean settled = true;
        switch (variant) {
            case IDLE -> BenchSuite.sleep(window);
            case REFUSAL -> load = refusals(options.costRate(), window, "r");
            case REFUSAL_AT_P99_RATE -> load = refusals(options.costP99Rate(), window, "p");
            case READ -> load = new FixedRateLoad(suite.port(SuiteService.INVENTORY), CONNECTIONS).run(
                    Requests.stockReads(FIRST_USER, USERS, i -> BenchSuite.FIRST_SKU + i % BenchSuite.SKUS,
                            suite.customerTokens()), options.costRate(), window);
            case ORDER -> {
                load = new FixedRateLoad(suite.port(SuiteService.ORDER), CONNECTIONS).run(
                        Requests.orders("o" + System.nanoTime(), FIRST_USER, USERS,
                                i -> BenchSuite.FIRST_SKU + i % BenchSuite.SKUS, suite.customerTokens()),
                        options.costOrderRate(), window);
                settled = suite.awaitConsumed(options.drain());
            }
        }
        CpuWindow used = cpu.read().since(cpuBefore);
        Map<String, SqlCounters.SqlCount> sqlAfter = sql.read();
        Map<String, SqlCounters.SqlCount> sqlUsed = new LinkedHashMap<>();
        sqlAfter.forEach((account, count) -> sqlUsed.put(account, count.minus(sqlBefore.get(account))));
        return new Measured(variant, load, used, sqlUsed, settled);
    }

    private LoadRun refusals(double rate, Duration window, String tag) {
        IntFunction<byte[]> requests = Requests.orders(tag + System.nanoTime(), FIRST_USER, USERS,
                i -> BenchSuite.FLASH_SKU, suite.customerTokens());
        return new FixedRateLoad(suite.port(SuiteService.ORDER), CONNECTIONS).run(requests, rate, window);
    }

    private CostResult result(List<CostBlock> blocks) {
        List<CostBlock> kept = blocks.stream().filter(b -> b.dropped() == null).toList();
        double reference = reference(kept);
        List<CostFigure> saturation = saturation(kept, reference);
        List<CostFigure> fixedRate = List.of(
                figure(CostResult.FIXED_CPU_PER_REFUSAL, kept, reference, true, b -> b.run(Variant.REFUSAL).sutCpuMsPerUnit()),
                figure(CostResult.FIXED_CPU_PER_READ, kept, reference, true, b -> b.run(Variant.READ).sutCpuMsPerUnit()),
                figure(CostResult.FIXED_REFUSAL_OVER_READ, kept, reference, false,
                        b -> b.run(Variant.REFUSAL).sutCpuMsPerUnit() / b.run(Variant.READ).sutCpuMsPerUnit()),
                figure(CostResult.FIXED_REFUSAL_P99, kept, reference, true,
                        b -> b.run(Variant.REFUSAL_AT_P99_RATE).latency().p99Ms()),
                figure(CostResult.FIXED_CPU_PER_ORDER, kept, reference, true, b -> b.run(Variant.ORDER).sutCpuMsPerUnit()));
        return new CostResult(Layout.PROCESS, options.costRate(), options.costP99Rate(), options.costOrderRate(),
                options.costWindow().toMillis() / 1e3, options.costStep().toMillis() / 1e3, blocks, saturation, fixedRate,
                pooled(kept, Variant.ORDER, r -> r.sqlStatementsOf(ORDER_ACCOUNT)),
                pooled(kept, Variant.ORDER, VariantRun::sqlStatementsTotal),
                pooled(kept, Variant.REFUSAL, VariantRun::sqlStatementsTotal),
                pooled(kept, Variant.ORDER, VariantRun::rowsWritten));
    }

    /** The median box-speed probe of the kept blocks, which normalised figures are scaled to. */
    static double reference(List<CostBlock> kept) {
        return MedianInterval.of(kept.stream().map(CostBlock::probeMs).toList()).median();
    }

    /** The saturation figures of the kept blocks' closed-loop steps: the targets' figures, in either {@link Layout}. */
    static List<CostFigure> saturation(List<CostBlock> kept, double reference) {
        return List.of(
                stepFigure(CostResult.CPU_PER_REFUSAL, kept, reference, true,
                        b -> b.saturation(StepKind.REFUSAL).sutCpuMsPerUnit()),
                stepFigure(CostResult.CPU_PER_READ, kept, reference, true, b -> b.saturation(StepKind.READ).sutCpuMsPerUnit()),
                // a ratio of two CPU figures of the same block: the box's speed cancels out
                stepFigure(CostResult.REFUSAL_OVER_READ, kept, reference, false,
                        b -> b.saturation(StepKind.REFUSAL).sutCpuMsPerUnit() / b.saturation(StepKind.READ).sutCpuMsPerUnit()),
                stepFigure(CostResult.CPU_PER_ORDER, kept, reference, true, b -> b.saturation(StepKind.ORDER).sutCpuMsPerUnit()),
                stepFigure(CostResult.REFUSALS_PER_SECOND, kept, reference, false,
                        b -> b.step(StepKind.REFUSAL, ClosedLoopStep.TARGET_CONNECTIONS).unitsPerSecond()),
                stepFigure(CostResult.REFUSAL_P99, kept, reference, false,
                        b -> b.step(StepKind.REFUSAL, ClosedLoopStep.TARGET_CONNECTIONS).wrk().p99Ms()),
                stepFigure(CostResult.ORDERS_PER_SECOND, kept, reference, false,
                        b -> b.saturation(StepKind.ORDER).unitsPerSecond()));
    }

    /**
     * A saturation figure over the kept blocks that ran their steps (none without wrk). The saturation step is
     * chosen per block: each block's refusal and read are compared with each other, as the fixed-rate windows are.
     */
    private static CostFigure stepFigure(String measure, List<CostBlock> kept, double reference, boolean normalise,
                                         ToDoubleFunction<CostBlock> value) {
        List<CostBlock> stepped = kept.stream().filter(b -> !b.steps().isEmpty() && Double.isFinite(value.applyAsDouble(b)))
                .toList();
        return figure(measure, stepped, reference, normalise, value);
    }

    private static CostFigure figure(String measure, List<CostBlock> kept, double reference, boolean normalise,
                                     ToDoubleFunction<CostBlock> value) {
        return CostFigure.of(measure, kept.stream().map(value::applyAsDouble).toList(),
                kept.stream().map(CostBlock::probeMs).toList(), reference, normalise);
    }

    /** A count summed over the kept blocks over their units: counts are exact, one pooled figure decides. */
    private static double pooled(List<CostBlock> kept, Variant variant, ToDoubleFunction<VariantRun> count) {
        double total = kept.stream().mapToDouble(b -> count.applyAsDouble(b.run(variant))).sum();
        long units = kept.stream().mapToLong(b -> b.run(variant).units()).sum();
        return units == 0 ? Double.NaN : total / units;
    }

    private static String fmt(double value) {
        return String.format("%.3f", value);
    }

    /** A window as measured, before the idle window is subtracted. */
    private record Measured(Variant variant, LoadRun load, CpuWindow cpu, Map<String, SqlCounters.SqlCount> sql,
                            boolean settled) {

        VariantRun net(Measured idle) {
            CpuWindow net = cpu.minusIdle(idle.cpu);
            int unitStatus = switch (variant) {
                case READ -> 200;
                case ORDER -> 201;
                default -> 409;
            };
            long units = load == null ? 0 : load.count(unitStatus);
            long requests = load == null ? 0 : load.requests();
            Map<String, Double> perPart = new LinkedHashMap<>();
            for (CpuPart part : CpuPart.values()) {
                perPart.put(part.label(), units == 0 ? 0 : net.nanos(part) / 1e6 / units);
            }
            double scale = idle.cpu.seconds() == 0 ? 0 : cpu.seconds() / idle.cpu.seconds();
            Map<String, Double> statements = new LinkedHashMap<>();
            double rows = 0;
            for (Map.Entry<String, SqlCounters.SqlCount> e : sql.entrySet()) {
                SqlCounters.SqlCount background = idle.sql.get(e.getKey());
                statements.put(e.getKey(), e.getValue().statements() - background.statements() * scale);
                rows += e.getValue().rowsWritten() - background.rowsWritten() * scale;
            }
            return new VariantRun(variant, cpu.seconds(), units, load == null ? Map.of() : load.byStatus(),
                    units == 0 ? 0 : net.sutNanos() / 1e6 / units, perPart,
                    requests == 0 ? 0 : load.generatorCpuNanos() / 1e6 / requests,
                    load == null ? null : load.latency(unitStatus), statements, rows, settled);
        }
    }
}
