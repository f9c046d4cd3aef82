package dev.eventual.bench.cost;

import dev.eventual.bench.BenchOptions;
import dev.eventual.bench.BenchSuite;
import dev.eventual.bench.resources.CpuMeter;
import dev.eventual.bench.resources.CpuPart;
import dev.eventual.bench.resources.CpuWindow;
import dev.eventual.launcher.SuiteService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.ToDoubleFunction;

/**
 * Issue 28's method: the cost of a sold-out refusal, a plain read and a consistent order, each at a
 * fixed rate below saturation, in K blocks that each run every {@link Variant} in a rotating order
 * between two box-speed probes. CPU is the system under test's (schedstat; the generator apart) net
 * of the block's idle window; SQL counts come from USER_STATISTICS per service account. Verdicts come
 * from the per-block values (tooling/bench/README.md, "9. Cost per unit").
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
    private final SqlCounters sql;

    public CostSection(BenchSuite suite, BenchOptions options, CpuMeter cpu) {
        this.suite = suite;
        this.options = options;
        this.cpu = cpu;
        this.sql = new SqlCounters(suite);
    }

    public CostResult run() {
        suite.processes().setStock(BenchSuite.FLASH_SKU, 0);
        sql.enable();
        Duration window = options.costWindow();
        // the JIT compiles each path before anything is measured
        for (Variant variant : Variant.values()) {
            if (variant != Variant.IDLE) {
                measure(variant, window);
            }
        }
        log.info("cost: bench JVM threads by part {}", cpu.benchThreadNames());
        List<CostBlock> blocks = new ArrayList<>();
        try (BoxProbe probe = new BoxProbe()) {
            for (int b = 0; b < options.costBlocks(); b++) {
                blocks.add(block(b, probe, window));
            }
        }
        SaturationStep saturation = saturation();
        CostResult result = result(blocks, saturation);
        log.info("cost: {} of {} blocks kept; {}", result.keptBlocks(), blocks.size(), result.figures());
        return result;
    }

    private CostBlock block(int index, BoxProbe probe, Duration window) {
        double before = probe.millis();
        Steal stealBefore = Steal.now();
        Map<Variant, Measured> measured = new LinkedHashMap<>();
        for (Variant variant : Variant.rotation(index)) {
            measured.put(variant, measure(variant, window));
        }
        double steal = Steal.now().percentSince(stealBefore);
        double after = probe.millis();
        Measured idle = measured.get(Variant.IDLE);
        List<VariantRun> runs = new ArrayList<>();
        for (Variant variant : Variant.values()) {
            runs.add(measured.get(variant).net(idle));
        }
        CostBlock block = new CostBlock(index, before, after, steal, CostBlock.dropReason(before, after, steal), runs);
        log.info("cost block {} ({}): probes {} / {} ms, steal {} %{}; refusal {} ms, read {} ms, order {} ms SUT CPU",
                index, Variant.rotation(index), Math.round(before), Math.round(after), String.format("%.2f", steal),
                block.dropped() == null ? "" : ", dropped: " + block.dropped(),
                fmt(block.run(Variant.REFUSAL).sutCpuMsPerUnit()), fmt(block.run(Variant.READ).sutCpuMsPerUnit()),
                fmt(block.run(Variant.ORDER).sutCpuMsPerUnit()));
        return block;
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

    private SaturationStep saturation() {
        if (!WrkSaturation.available()) {
            log.warn("cost: {} not installed, no saturation step", WrkSaturation.WRK);
            return null;
        }
        String body = "{\"userId\":\"" + FIRST_USER + "\",\"skuId\":\"" + BenchSuite.FLASH_SKU + "\",\"quantity\":1}";
        SaturationStep step = WrkSaturation.run(suite.port(SuiteService.ORDER), suite.customerTokens().apply(FIRST_USER),
                body, options.costSaturation(), options.workDirectory());
        log.info("cost: wrk saturation {} requests/s, {} of {} non-2xx, {} socket errors, wrk {} ms CPU per request",
                Math.round(step.requestsPerSecond()), step.non2xx(), step.requests(), step.socketErrors(),
                fmt(step.generatorCpuMsPerRequest()));
        return step;
    }

    private CostResult result(List<CostBlock> blocks, SaturationStep saturation) {
        List<CostBlock> kept = blocks.stream().filter(b -> b.dropped() == null).toList();
        double reference = MedianInterval.of(kept.stream().map(CostBlock::probeMs).toList()).median();
        List<CostFigure> figures = List.of(
                figure(CostResult.CPU_PER_REFUSAL, kept, reference, true, b -> b.run(Variant.REFUSAL).sutCpuMsPerUnit()),
                figure(CostResult.CPU_PER_READ, kept, reference, true, b -> b.run(Variant.READ).sutCpuMsPerUnit()),
                // a ratio of two CPU figures of the same block: the box's speed cancels out
                figure(CostResult.REFUSAL_OVER_READ, kept, reference, false,
                        b -> b.run(Variant.REFUSAL).sutCpuMsPerUnit() / b.run(Variant.READ).sutCpuMsPerUnit()),
                figure(CostResult.REFUSAL_P99, kept, reference, true,
                        b -> b.run(Variant.REFUSAL_AT_P99_RATE).latency().p99Ms()),
                figure(CostResult.CPU_PER_ORDER, kept, reference, true, b -> b.run(Variant.ORDER).sutCpuMsPerUnit()));
        return new CostResult(options.costRate(), options.costP99Rate(), options.costOrderRate(),
                options.costWindow().toMillis() / 1e3, blocks, figures,
                pooled(kept, Variant.ORDER, r -> r.sqlStatementsOf(ORDER_ACCOUNT)),
                pooled(kept, Variant.ORDER, VariantRun::sqlStatementsTotal),
                pooled(kept, Variant.REFUSAL, VariantRun::sqlStatementsTotal),
                pooled(kept, Variant.ORDER, VariantRun::rowsWritten), saturation);
    }

    private static CostFigure figure(String measure, List<CostBlock> kept, double reference, boolean normalise,
                                     ToDoubleFunction<CostBlock> value) {
        return new CostFigure(measure, MedianInterval.of(kept.stream().map(value::applyAsDouble).toList()),
                MedianInterval.of(kept.stream().map(b -> value.applyAsDouble(b)
                        * (normalise ? reference / b.probeMs() : 1)).toList()));
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
