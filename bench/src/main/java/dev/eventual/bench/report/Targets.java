package dev.eventual.bench.report;

import dev.eventual.bench.acceptance.AcceptanceResult;
import dev.eventual.bench.consistency.ConsistencyResult;
import dev.eventual.bench.consistency.EndToEndResult;
import dev.eventual.bench.hotsku.HotSkuCase;
import dev.eventual.bench.hotsku.HotSkuResult;
import dev.eventual.bench.reconcile.ReconcileCase;
import dev.eventual.bench.reconcile.ReconcileResult;
import dev.eventual.bench.resources.ProcessUsage;
import dev.eventual.bench.resources.SectionUsage;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The targets of issue 8 and how this run compares. */
public final class Targets {

    /** The service JVMs; mariadbd and the benchmark JVM (broker, load) are reported but have no target. */
    static final Set<String> SERVICES = Set.of("order-service", "inventory-service", "notice-service", "reconcile-job");

    /** How the resource sampler names this JVM, which hosts the broker and the load generator. */
    public static final String BENCH_JVM = "bench JVM (RocketMQ broker + load)";

    private Targets() {
    }

    public static List<TargetCheck> check(AcceptanceResult acceptance, ConsistencyResult consistency,
                                          EndToEndResult endToEnd, ReconcileResult reconcile, HotSkuResult hotSku,
                                          List<SectionUsage> resources) {
        List<TargetCheck> checks = new ArrayList<>();
        checks.add(TargetCheck.atLeast("acceptance a/b (peak throughput of each mode)", 0.6,
                acceptance == null ? null : acceptance.peak().aOverB(), "%.2f"));
        checks.add(TargetCheck.atLeast("acceptance a/c (peak throughput of each mode)", 0.8,
                acceptance == null ? null : acceptance.peak().aOverC(), "%.2f"));
        checks.add(TargetCheck.atLeast("end-to-end consistent orders/s", 1_000,
                endToEnd == null ? null : endToEnd.consistentPerSecond(), "%.0f"));
        checks.add(TargetCheck.atMost("time to consistency p99 at 50% load (ms)", 1_000,
                consistency == null ? null : consistency.runs().stream().filter(r -> r.loadFraction() == 0.5)
                        .map(r -> r.timeToConsistency().p99Ms()).findFirst().orElse(null), "%.0f"));
        checks.add(TargetCheck.atLeast("reconcile rows/s per shard (slowest case)", 20_000,
                reconcile == null || reconcile.cases().isEmpty() ? null : reconcile.cases().stream()
                        .mapToDouble(ReconcileCase::rowsPerSecondPerShard).min().orElse(0), "%.0f"));
        checks.add(TargetCheck.atLeast("hot SKU deductions/s (one SKU)", 2_000,
                hotSku == null ? null : hotSku.cases().stream().filter(c -> c.skus() == 1)
                        .mapToDouble(HotSkuCase::deductionsPerSecond).findFirst().orElse(0), "%.0f"));
        for (String service : SERVICES.stream().sorted().toList()) {
            Double peak = resources.stream().flatMap(s -> s.processes().stream()).filter(p -> p.process().equals(service))
                    .map(ProcessUsage::rssPeakMib).max(Double::compare).orElse(null);
            checks.add(TargetCheck.atMost(service + " peak RSS (MiB)", 512, peak, "%.0f"));
        }
        return checks;
    }
}
