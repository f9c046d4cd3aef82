package dev.eventual.bench;

import dev.eventual.bench.acceptance.AcceptanceResult;
import dev.eventual.bench.acceptance.AcceptanceSection;
import dev.eventual.bench.consistency.ConsistencyResult;
import dev.eventual.bench.cost.CostResult;
import dev.eventual.bench.cost.CostSection;
import dev.eventual.bench.cost.Layout;
import dev.eventual.bench.cost.LocalCostSection;
import dev.eventual.bench.consistency.ConsistencySection;
import dev.eventual.bench.consistency.EndToEndResult;
import dev.eventual.bench.consistency.EndToEndSection;
import dev.eventual.bench.flashsale.FlashSaleResult;
import dev.eventual.bench.flashsale.FlashSaleSection;
import dev.eventual.bench.hotsku.HotSkuResult;
import dev.eventual.bench.hotsku.HotSkuSection;
import dev.eventual.bench.limits.LimitsResult;
import dev.eventual.bench.limits.LimitsSection;
import dev.eventual.bench.reconcile.ReconcileResult;
import dev.eventual.bench.reconcile.ReconcileSection;
import dev.eventual.bench.relay.RelayResult;
import dev.eventual.bench.relay.RelaySection;
import dev.eventual.bench.retention.RetentionResult;
import dev.eventual.bench.retention.RetentionSection;
import dev.eventual.bench.report.BenchReport;
import dev.eventual.bench.report.Machine;
import dev.eventual.bench.report.MarkdownReport;
import dev.eventual.bench.report.ReportWriter;
import dev.eventual.bench.report.TargetCheck;
import dev.eventual.bench.report.Targets;
import dev.eventual.bench.resources.CpuMeter;
import dev.eventual.bench.resources.CpuPart;
import dev.eventual.bench.resources.JitMeter;
import dev.eventual.bench.resources.ResourceSampler;
import dev.eventual.launcher.process.ServiceProcess;
import dev.eventual.launcher.SuiteService;
import org.slf4j.Logger;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** {@code tooling/bench/run.sh}: starts the suite, runs the chosen sections in order, writes the results. */
public final class BenchMain {

    private static final Logger log = LoggerFactory.getLogger(BenchMain.class);
    /** The fixed concurrency of the end-to-end run when acceptance did not run to pick one. */
    private static final int DEFAULT_END_TO_END_CONCURRENCY = 32;

    private BenchMain() {
    }

    public static void main(String[] args) {
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (ParameterException e) {
            System.err.println(e.getMessage() + " (tooling/bench/run.sh --help lists the options)");
            System.exit(CommandLine.ExitCode.USAGE);
            return;
        }
        if (options == null) {
            System.exit(0);
        }
        long started = System.nanoTime();
        String date = LocalDate.now(ZoneOffset.UTC).toString();
        String command = "tooling/bench/run.sh " + String.join(" ", args);
        if (options.layout() == Layout.LOCAL) {
            System.exit(runLocal(options, date, command, started));
        }
        if (options.runs(Section.RETENTION)) {
            System.exit(runRetention(options, date, command, started));
        }
        BenchSuite suite = BenchSuite.start(options);
        // Ctrl-C or a failure must not leave service JVMs and mariadbd behind
        Runtime.getRuntime().addShutdownHook(new Thread(suite::close, "bench-shutdown"));
        try (ResourceSampler sampler = new ResourceSampler(cpuMeter(suite), memory(suite))) {
            BenchReport report = run(suite, sampler, options, date, command, started);
            Path json = ReportWriter.write(report, options.resultsDirectory());
            System.out.println(MarkdownReport.render(report));
            log.info("results written to {} and .md", json);
        } catch (RuntimeException e) {
            log.error("benchmark failed", e);
            System.exit(1);
        }
        System.exit(0);
    }

    /**
     * {@code --layout=local}: the cost section's closed-loop steps against {@code ./run-local.sh --gate}, which
     * starts its own suite (no bench suite here); the report holds the cost section and its ./run-local.sh target.
     */
    private static int runLocal(BenchOptions options, String date, String command, long started) {
        try {
            CostResult cost = new LocalCostSection(options, Path.of("").toAbsolutePath()).run();
            BenchReport report = new BenchReport(date, Machine.current(), command, (System.nanoTime() - started) / 1e9,
                    null, null, null, null, null, null, null, List.of(), Targets.localCost(cost), cost, null, null);
            Path json = ReportWriter.write(report, options.resultsDirectory());
            System.out.println(MarkdownReport.render(report));
            log.info("results written to {} and .md", json);
            return 0;
        } catch (RuntimeException e) {
            log.error("benchmark failed", e);
            return 1;
        }
    }

    /** {@code --sections=retention}: a suite of its own whose retentions are minutes (docs/retention.md). */
    private static int runRetention(BenchOptions options, String date, String command, long started) {
        BenchSuite suite = BenchSuite.start(options, RetentionSection.SHORT_RETENTION);
        Runtime.getRuntime().addShutdownHook(new Thread(suite::close, "bench-shutdown"));
        try {
            RetentionResult retention = new RetentionSection(suite, options, cpuMeter(suite)).run();
            BenchReport report = new BenchReport(date, Machine.current(), command, (System.nanoTime() - started) / 1e9,
                    null, null, null, null, null, null, null, List.of(), Targets.retention(retention), null, null,
                    retention);
            Path json = ReportWriter.write(report, options.resultsDirectory());
            System.out.println(MarkdownReport.render(report));
            log.info("results written to {} and .md", json);
            return 0;
        } catch (RuntimeException e) {
            log.error("benchmark failed", e);
            return 1;
        }
    }

    private static BenchReport run(BenchSuite suite, ResourceSampler sampler, BenchOptions options, String date,
                                   String command, long started) {
        AcceptanceResult acceptance = null;
        EndToEndResult endToEnd = null;
        ConsistencyResult consistency = null;
        HotSkuResult hotSku = null;
        ReconcileResult reconcile = null;
        LimitsResult limits = null;
        FlashSaleResult flashSale = null;
        CostResult cost = null;
        RelayResult relay = null;
        if (options.runs(Section.ACCEPTANCE)) {
            // windows per measured step: the resource table shows each mode at each concurrency
            acceptance = new AcceptanceSection(suite, options, sampler, jitMeter(suite)).run();
        }
        if (options.runs(Section.ENDTOEND)) {
            sampler.begin(Section.ENDTOEND.id());
            endToEnd = new EndToEndSection(suite, options).run(acceptance == null ? DEFAULT_END_TO_END_CONCURRENCY
                    : acceptance.bestTransactional().concurrency());
            endToEnd = endToEnd.withCpu(sampler.end());
        }
        if (options.runs(Section.CONSISTENCY)) {
            sampler.begin(Section.CONSISTENCY.id());
            consistency = new ConsistencySection(suite, options).run();
            sampler.end();
        }
        if (options.runs(Section.HOTSKU)) {
            // windows per case, from the end of publishing on
            hotSku = new HotSkuSection(suite, options, sampler).run();
        }
        if (options.runs(Section.RECONCILE)) {
            sampler.begin(Section.RECONCILE.id());
            reconcile = new ReconcileSection(suite, options).run();
            sampler.end();
        }
        if (options.runs(Section.LIMITS)) {
            // windows per measured step, like acceptance
            limits = new LimitsSection(suite, options, sampler).run();
        }
        if (options.runs(Section.FLASHSALE)) {
            // a window over the sale alone
            flashSale = new FlashSaleSection(suite, options, sampler).run();
        }
        if (options.runs(Section.COST)) {
            sampler.begin(Section.COST.id());
            cost = new CostSection(suite, options, cpuMeter(suite), jitMeter(suite)).run();
            sampler.end();
        }
        if (options.runs(Section.RELAY)) {
            // last: it stops the broker, and leaves the consumers a backlog to work off
            sampler.begin(Section.RELAY.id());
            relay = new RelaySection(suite, options).run();
            sampler.end();
        }
        List<TargetCheck> targets = new ArrayList<>(
                Targets.check(acceptance, consistency, endToEnd, reconcile, hotSku, flashSale, sampler.sections()));
        targets.addAll(Targets.cost(cost));
        return new BenchReport(date, Machine.current(), command, (System.nanoTime() - started) / 1e9, acceptance,
                consistency, endToEnd, reconcile, hotSku, limits, flashSale, sampler.sections(), targets, cost, relay, null);
    }

    /** The JVMs whose JIT the warm-up waits for: the four services and this one (broker, load generator). */
    private static JitMeter jitMeter(BenchSuite suite) {
        List<Supplier<Long>> jvms = new ArrayList<>();
        for (SuiteService service : SuiteService.values()) {
            ServiceProcess process = suite.processes().service(service);
            jvms.add(() -> process.isAlive() ? process.pid() : -1L);
        }
        jvms.add(() -> ProcessHandle.current().pid());
        return new JitMeter(jvms);
    }

    /** CPU of the system under test's processes; the benchmark JVM is split by thread name. */
    static CpuMeter cpuMeter(BenchSuite suite) {
        return new CpuMeter(processes(suite), () -> ProcessHandle.current().pid());
    }

    /**
     * RSS per process; this JVM's is shown on the broker's row, the part it hosts for the system under
     * test. With order_db on several servers, mariadbd's row shows the first server's.
     */
    private static Map<CpuPart, Supplier<Long>> memory(BenchSuite suite) {
        Map<CpuPart, Supplier<Long>> pids = new EnumMap<>(CpuPart.class);
        processes(suite).forEach((part, all) -> pids.put(part, () -> all.get().stream().findFirst().orElse(-1L)));
        pids.put(CpuPart.BROKER, () -> ProcessHandle.current().pid());
        return pids;
    }

    /** The parts that are processes of their own: the service JVMs, every mariadbd, the gate's redis-server. */
    private static Map<CpuPart, Supplier<List<Long>>> processes(BenchSuite suite) {
        Map<CpuPart, Supplier<List<Long>>> pids = new EnumMap<>(CpuPart.class);
        for (SuiteService service : SuiteService.values()) {
            ServiceProcess process = suite.processes().service(service);
            pids.put(part(service), () -> process.isAlive() ? List.of(process.pid()) : List.of());
        }
        pids.put(CpuPart.MARIADBD, () -> children("mariadbd"));
        pids.put(CpuPart.REDIS_SERVER, () -> suite.redisPid() > 0 ? List.of(suite.redisPid()) : List.of());
        return pids;
    }

    private static CpuPart part(SuiteService service) {
        return switch (service) {
            case ORDER -> CpuPart.ORDER_SERVICE;
            case INVENTORY -> CpuPart.INVENTORY_SERVICE;
            case NOTICE -> CpuPart.NOTICE_SERVICE;
            case RECONCILE -> CpuPart.RECONCILE_JOB;
        };
    }

    private static List<Long> children(String executable) {
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().command().map(c -> c.endsWith(executable)).orElse(false))
                .map(ProcessHandle::pid).toList();
    }
}
