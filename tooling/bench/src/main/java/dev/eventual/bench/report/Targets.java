package dev.eventual.bench.report;

import dev.eventual.bench.acceptance.AcceptanceResult;
import dev.eventual.bench.consistency.ConsistencyResult;
import dev.eventual.bench.cost.CostResult;
import dev.eventual.bench.cost.MedianInterval;
import dev.eventual.bench.consistency.EndToEndResult;
import dev.eventual.bench.flashsale.FlashSaleResult;
import dev.eventual.bench.flashsale.FlashSaleSection;
import dev.eventual.bench.hotsku.HotSkuCase;
import dev.eventual.bench.hotsku.HotSkuResult;
import dev.eventual.bench.reconcile.ReconcileCase;
import dev.eventual.bench.reconcile.ReconcileResult;
import dev.eventual.bench.resources.CpuPart;
import dev.eventual.bench.retention.CleanupCost;
import dev.eventual.bench.retention.RetentionResult;
import dev.eventual.bench.resources.ProcessUsage;
import dev.eventual.bench.resources.SectionUsage;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The targets of issue 13, issue 16's flash sale (and issue 8's RSS bounds) and how this run compares. */
public final class Targets {

    /** The service JVMs; mariadbd and the benchmark JVM (broker, load) are reported but have no target. */
    static final Set<String> SERVICES = Set.of("order-service", "inventory-service", "notice-service", "reconcile-job");

    /** How the resource sampler names the broker's threads of this JVM (which also hosts the load generator). */
    public static final String BENCH_JVM = CpuPart.BROKER.label();

    static final String LOCAL_CPU_PER_ORDER = CostResult.CPU_PER_ORDER + ", ./run-local.sh";

    private Targets() {
    }

    public static List<TargetCheck> check(AcceptanceResult acceptance, ConsistencyResult consistency,
                                          EndToEndResult endToEnd, ReconcileResult reconcile, HotSkuResult hotSku,
                                          FlashSaleResult flashSale, List<SectionUsage> resources) {
        List<TargetCheck> checks = new ArrayList<>();
        // issue 41: 800 (was 500), per-process layout
        checks.add(TargetCheck.atLeast("end-to-end consistent orders/s", 800, 1_000,
                endToEnd == null ? null : endToEnd.consistentPerSecond(), "%.0f"));
        checks.add(TargetCheck.atMost("CPU ms per consistent order, all processes", 4, 2,
                endToEnd == null ? null : endToEnd.cpuMsPerConsistentOrder(), "%.1f"));
        // a/c' replaces a/c: (c') feeds the consumers as (a) does; a/c stays in the ratios table as information
        checks.add(TargetCheck.atLeast("acceptance a/b (median of same-concurrency ratios)", 0.6, 0.8,
                acceptance == null ? null : acceptance.median().aOverB(), "%.2f"));
        checks.add(TargetCheck.atLeast("acceptance a/c' (median of same-concurrency ratios)", 0.8, 0.9,
                acceptance == null ? null : acceptance.median().aOverCPrime(), "%.2f"));
        checks.add(TargetCheck.atMost("mode a CPU per order at concurrency 1 / mode b's (x)", 2, 1.3,
                acceptance == null ? null : cpuRatioAtOne(acceptance), "%.2f"));
        checks.add(TargetCheck.atLeast("hot SKU deductions/s (one SKU)", 2_000, 5_000,
                hotSku == null ? null : hotSku.cases().stream().filter(c -> c.skus() == 1)
                        .mapToDouble(HotSkuCase::deductionsPerSecond).findFirst().orElse(0), "%.0f"));
        checks.add(TargetCheck.atLeast("reconcile rows/s per shard, 100k rows, 10% re-drives", 5_000, 20_000,
                reconcileRate(reconcile, 100_000, "10% need retry"), "%.0f"));
        checks.add(TargetCheck.atLeast("reconcile rows/s per shard, 100k rows, all consistent", 20_000, 50_000,
                reconcileRate(reconcile, 100_000, "all consistent"), "%.0f"));
        // issue 28: the rate fell to a third at 1M rows; the target holds at that size too
        checks.add(TargetCheck.atLeast("reconcile rows/s per shard, 1M rows, all consistent", 20_000, 50_000,
                reconcileRate(reconcile, 1_000_000, "all consistent"), "%.0f"));
        // at a fixed rate, the same in every run: a fraction of each run's own rate made runs incomparable
        checks.add(TargetCheck.atMost("time to consistency p99 at the fixed --consistency-rate (ms)", 1_000, 250,
                consistency == null ? null : consistency.atTargetRate().map(r -> r.timeToConsistency().p99Ms()).orElse(null),
                "%.0f"));
        flashSale(flashSale, checks);
        for (String service : SERVICES.stream().sorted().toList()) {
            Double peak = resources.stream().flatMap(s -> s.processes().stream()).filter(p -> p.process().equals(service))
                    .map(ProcessUsage::rssPeakMib).max(Double::compare).orElse(null);
            checks.add(TargetCheck.atMost(service + " peak RSS (MiB)", 512, 512, peak, "%.0f"));
        }
        return checks;
    }

    /**
     * Issue 16: the gate refuses at least 5,000 orders/s with a p99 of at most 20 ms, lets exactly the units
     * through (201s, and rows in order_db), answers nothing but those two, sells the stock to 0, and no order
     * fails downstream: no work order, nor a failed deduction that would become one after the back-off.
     */
    private static void flashSale(FlashSaleResult f, List<TargetCheck> checks) {
        checks.add(TargetCheck.atLeast("flash sale refusals/s (409 sold-out)", 5_000, 5_000,
                f == null ? null : f.refusalsPerSecond(), "%.0f"));
        // no refusal, no latency of one: not a p99 of 0 that would pass
        checks.add(TargetCheck.atMost("flash sale refusal p99 (ms)", 20, 20,
                f == null || f.refused() == 0 ? null : f.refusalLatency().p99Ms(), "%.1f"));
        long sold = f == null ? FlashSaleSection.UNITS : f.expectedCreated();
        checks.add(TargetCheck.exactly("flash sale orders created (201)", sold, f == null ? null : f.created()));
        checks.add(TargetCheck.exactly("flash sale orders of the SKU in order_db", sold,
                f == null ? null : f.state().orders()));
        checks.add(TargetCheck.exactly("flash sale answers other than 201 or 409 sold-out", 0,
                f == null ? null : f.other()));
        checks.add(TargetCheck.exactly("flash sale stock left (inventory_db)", f == null ? 0 : f.units() - sold,
                f == null ? null : f.state().stockLeft()));
        checks.add(TargetCheck.exactly("flash sale work orders and failed deductions", 0,
                f == null ? null : f.state().workOrders() + f.state().failedDeductions()));
    }

    /**
     * Issue 41, this box, quiet, generator excluded, paired blocks: CPU, refusals/s and the p99 from the
     * median and 95 % interval of the per-block values at each block's closed-loop saturation step (c = 16 for
     * refusals/s and the p99), the work counters (exact) pooled over the kept blocks' fixed-rate windows.
     */
    public static List<TargetCheck> cost(CostResult c) {
        List<TargetCheck> checks = new ArrayList<>();
        checks.add(TargetCheck.atMost("SQL statements per accepted order (order-service)", 6, 4,
                c == null ? null : finite(c.sqlPerOrderOrderService()), "%.2f"));
        // judged as shown, to two decimals: the windows' background (lease renewals, the reconcile job's polls) is
        // subtracted as the idle window's, scaled, which leaves a few statements either way per 5,000 refusals
        // (0.0002 each in the first run with the warm-up); one statement per refusal would read 1.00. The exact 0
        // is pinned by order-service's GatedPlacementIT.
        checks.add(TargetCheck.atMost("SQL statements per refusal", 0, 0,
                c == null || finite(c.sqlPerRefusal()) == null ? null : Math.round(c.sqlPerRefusal() * 100) / 100.0,
                "%.2f"));
        checks.add(TargetCheck.interval(CostResult.CPU_PER_REFUSAL, 0.4, 0.2, true, saturation(c, CostResult.CPU_PER_REFUSAL),
                "%.3f"));
        checks.add(TargetCheck.interval(CostResult.REFUSAL_OVER_READ, 1.0, 0.6, true,
                saturation(c, CostResult.REFUSAL_OVER_READ), "%.2f"));
        checks.add(TargetCheck.interval(CostResult.REFUSALS_PER_SECOND, 5_000, 8_000, false,
                saturation(c, CostResult.REFUSALS_PER_SECOND), "%.0f"));
        checks.add(TargetCheck.interval(CostResult.REFUSAL_P99, 20, 10, true, saturation(c, CostResult.REFUSAL_P99), "%.1f"));
        checks.add(TargetCheck.interval(CostResult.CPU_PER_ORDER, 2.5, 2.0, true, saturation(c, CostResult.CPU_PER_ORDER),
                "%.2f"));
        // issue 41: ./run-local.sh's one JVM is reported beside the per-process layout, by a run of its own (--layout=local)
        checks.add(TargetCheck.atMost(LOCAL_CPU_PER_ORDER, 2.2, 1.5, null, "%.2f"));
        return checks;
    }

    /** Issue 41's target of {@code --layout=local}: the same saturation figure, measured on ./run-local.sh's one JVM. */
    public static List<TargetCheck> localCost(CostResult c) {
        return List.of(TargetCheck.interval(LOCAL_CPU_PER_ORDER, 2.2, 1.5, true, saturation(c, CostResult.CPU_PER_ORDER),
                "%.2f"));
    }

    /**
     * Consistent orders/s the 2-core Intel Xeon box sustained in issue 41's full run
     * (tooling/bench/results/2026-11-29-full-issue-41-*): a cleanup must delete ten times its rows per second, so
     * it never falls behind whatever the box takes (issue 42).
     */
    static final double BOX_ORDERS_PER_SECOND = 441;

    static final String RETENTION_CPU_RATIO = "retention: " + CleanupCost.CPU_RATIO + " (information)";

    /** Issue 42: every cleaned table flat once its retention passed, and each cleanup ten times the order rate. */
    public static List<TargetCheck> retention(RetentionResult r) {
        List<TargetCheck> checks = new ArrayList<>();
        // a soak shorter than the retentions judges no sample: nothing measured, not "none growing"
        checks.add(TargetCheck.exactly("retention: tables still growing after their retention", 0,
                r.flatness().isEmpty() ? null : r.flatness().stream().filter(f -> !f.flat()).count()));
        for (RetentionResult.CleanupRate cleanup : r.cleanups()) {
            double perOrder = r.sizes().stream().filter(s -> s.table().equals(cleanup.table()))
                    .mapToDouble(RetentionResult.TableSize::rowsPerOrder).findFirst().orElse(1);
            double threshold = 10 * BOX_ORDERS_PER_SECOND * Math.max(perOrder, 1);
            checks.add(TargetCheck.atLeast("retention: " + cleanup.table() + " cleanup, rows/s", threshold, threshold,
                    cleanup.rows() == 0 ? null : cleanup.rowsPerSecond(), "%,.0f"));
        }
        if (r.cleanupCost() != null) {
            // issue 42 asks for the cleanup's cost to the order path but set no threshold: shown, judged by nothing
            checks.add(TargetCheck.information(RETENTION_CPU_RATIO, r.cleanupCost().figure(CleanupCost.CPU_RATIO).raw(),
                    "%.3f"));
        }
        return checks;
    }

    private static MedianInterval saturation(CostResult c, String measure) {
        return c == null || c.figure(measure) == null ? null : c.figure(measure).raw();
    }

    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }

    /** Mode a's CPU per order, all processes, at concurrency 1, over mode b's; null when either is missing. */
    static Double cpuRatioAtOne(AcceptanceResult acceptance) {
        double a = allCpu(acceptance, "a");
        double b = allCpu(acceptance, "b");
        return a == 0 || b == 0 ? null : a / b;
    }

    private static double allCpu(AcceptanceResult acceptance, String mode) {
        return acceptance.steps().stream().filter(s -> s.mode().equals(mode) && s.concurrency() == 1)
                .mapToDouble(s -> s.cpuMsPerOrder().values().stream().mapToDouble(Double::doubleValue).sum())
                .findFirst().orElse(0);
    }

    /** The slowest shard count's rate per shard of that backlog at that size; null when none ran. */
    private static Double reconcileRate(ReconcileResult reconcile, int rows, String backlog) {
        if (reconcile == null) {
            return null;
        }
        return reconcile.cases().stream().filter(c -> c.rows() == rows && c.backlog().equals(backlog))
                .map(ReconcileCase::rowsPerSecondPerShard).min(Double::compare).orElse(null);
    }
}
