package dev.eventual.bench.report;

import dev.eventual.bench.limits.LimitsResult;

import dev.eventual.bench.acceptance.AcceptanceResult;
import dev.eventual.bench.consistency.ConsistencyResult;
import dev.eventual.bench.cost.CostResult;
import dev.eventual.bench.consistency.EndToEndResult;
import dev.eventual.bench.flashsale.FlashSaleResult;
import dev.eventual.bench.hotsku.HotSkuResult;
import dev.eventual.bench.reconcile.ReconcileResult;
import dev.eventual.bench.relay.RelayResult;
import dev.eventual.bench.retention.RetentionResult;
import dev.eventual.bench.resources.SectionUsage;

import java.util.List;

/** Everything one run measured; sections not run are null. Written as JSON and Markdown. */
public record BenchReport(
        String date,
        Machine machine,
        String command,
        double durationSeconds,
        AcceptanceResult acceptance,
        ConsistencyResult consistency,
        EndToEndResult endToEnd,
        ReconcileResult reconcile,
        HotSkuResult hotSku,
        LimitsResult limits,
        FlashSaleResult flashSale,
        List<SectionUsage> resources,
        List<TargetCheck> targets,
        CostResult cost,
        RelayResult relay,
        RetentionResult retention) {
}
