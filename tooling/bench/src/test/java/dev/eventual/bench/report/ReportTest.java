package dev.eventual.bench.report;

import dev.eventual.bench.Section;
import dev.eventual.bench.acceptance.AcceptanceResult;
import dev.eventual.bench.acceptance.AcceptanceStep;
import dev.eventual.bench.acceptance.ModeRatios;
import dev.eventual.bench.consistency.ConsistencyResult;
import dev.eventual.bench.consistency.ConsistencyRun;
import dev.eventual.bench.consistency.EndToEndResult;
import dev.eventual.bench.cost.ClosedLoopStep;
import dev.eventual.bench.cost.CostBlock;
import dev.eventual.bench.cost.CostFigure;
import dev.eventual.bench.cost.CostResult;
import dev.eventual.bench.cost.Layout;
import dev.eventual.bench.cost.MedianInterval;
import dev.eventual.bench.cost.StepKind;
import dev.eventual.bench.cost.Variant;
import dev.eventual.bench.cost.VariantRun;
import dev.eventual.bench.cost.WrkOutput;
import dev.eventual.bench.flashsale.FlashSaleResult;
import dev.eventual.bench.flashsale.FlashSaleState;
import dev.eventual.bench.flashsale.FlashSaleWarmUp;
import dev.eventual.bench.hotsku.HotSkuCase;
import dev.eventual.bench.hotsku.HotSkuResult;
import dev.eventual.bench.limits.LimitStep;
import dev.eventual.bench.limits.LimitsResult;
import dev.eventual.bench.load.LatencySummary;
import dev.eventual.bench.reconcile.ReconcileCase;
import dev.eventual.bench.reconcile.ReconcileResult;
import dev.eventual.bench.resources.ProcessUsage;
import dev.eventual.bench.resources.SectionUsage;
import dev.eventual.bench.retention.CleanupCost;
import dev.eventual.bench.retention.RetentionResult;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

/** Structure only: every section and every target reaches the JSON and the Markdown. No speed is asserted. */
class ReportTest {

    private static final LatencySummary LATENCY = new LatencySummary(10, 1, 2, 3, 4);

    @Test
    void jsonHasEverySectionAndTarget() {
        JsonNode json = JsonMapper.builder().build().readTree(ReportWriter.json(report()));
        for (String section : List.of("machine", "acceptance", "consistency", "endToEnd", "reconcile", "hotSku",
                "flashSale", "resources", "targets")) {
            assertThat(json.has(section)).as(section).isTrue();
        }
        assertThat(json.get("acceptance").get("steps")).hasSize(6);
        assertThat(json.get("flashSale").get("state").get("orders").asLong()).isEqualTo(100);
        assertThat(json.get("targets")).hasSize(21);
    }

    @Test
    void markdownHasATablePerSectionAndTheTargets() {
        String md = MarkdownReport.render(report());
        assertThat(md).contains("## Targets", "## 1. Order acceptance", "## 2. Time to consistency",
                "## 3. End-to-end", "## 4. Reconcile", "## 5. Hot SKU", "## 6. Resources", "## 7. Physical limits",
                "## 8. Flash sale", "| 100 | 19900 | 0 | 3.50 | 5714 | **5686** |", "warm-up of 10,000 orders",
                "| 8 | 1200 | 1.10 | 600 | 1.60 | 0.25 | 0.50 |", "**missed**", "| met |", "not run (--isolate-publish)", "| 1.10 |",
                "| median | 0.50 | 0.75 | 0.86 | 1.10 |", "| one SKU | 1 | 1000 | 5000 | 1000 | 1000 | 800 | 0.80 | 1000 |");
    }

    @Test
    void modeACpuAtConcurrencyOneIsComparedWithModeBsAndEndToEndCpuIsAMeasuredTarget() {
        List<TargetCheck> checks = report().targets();

        assertThat(checks).filteredOn(t -> t.target().startsWith("mode a CPU per order"))
                .singleElement().satisfies(t -> {
                    assertThat(t.measured()).isEqualTo("1.50");
                    assertThat(t.status()).isEqualTo(TargetCheck.Status.MET);
                });
        assertThat(checks).filteredOn(t -> t.target().startsWith("CPU ms per consistent order"))
                .singleElement().satisfies(t -> {
                    assertThat(t.measured()).isEqualTo("3.5");
                    assertThat(t.goal()).isEqualTo("≤ 2.0");
                    assertThat(t.status()).isEqualTo(TargetCheck.Status.MET);
                });
    }

    @Test
    void acceptanceTargetsAreAOverBAndAOverCPrimeOnTheMedianRatios() {
        assertThat(report().targets()).filteredOn(t -> t.target().startsWith("acceptance"))
                .extracting(TargetCheck::target, TargetCheck::measured, TargetCheck::status).containsExactly(
                        tuple("acceptance a/b (median of same-concurrency ratios)", "0.50", TargetCheck.Status.MISSED),
                        tuple("acceptance a/c' (median of same-concurrency ratios)", "0.75", TargetCheck.Status.MISSED));
    }

    @Test
    void timeToConsistencyIsCheckedAtTheFixedRateWhateverTheEndToEndRate() {
        ConsistencyResult consistency = new ConsistencyResult(150, List.of(
                new ConsistencyRun(150, 149, 1_500, 0, 0, new LatencySummary(10, 1, 2, 900, 950), LATENCY),
                new ConsistencyRun(270, 268, 2_700, 0, 0, new LatencySummary(10, 1, 2, 5_000, 6_000), LATENCY)));

        assertThat(Targets.check(null, consistency, null, null, null, null, List.of()))
                .filteredOn(t -> t.target().startsWith("time to consistency")).singleElement().satisfies(t -> {
                    assertThat(t.target()).isEqualTo("time to consistency p99 at the fixed --consistency-rate (ms)");
                    assertThat(t.measured()).isEqualTo("900");
                    assertThat(t.status()).isEqualTo(TargetCheck.Status.MET);
                });
        assertThat(MarkdownReport.render(new BenchReport("2026-01-01", new Machine(2, 24, "CPU", "JDK 17", "Linux"), "x", 1,
                null, consistency, null, null, null, null, null, List.of(), List.of(), null, null, null)))
                .contains("checked at 150 orders/s", "| - | 150 | 149 |");
        assertThat(MarkdownReport.render(report())).contains("| 51% | 150 | 149 |", "| 92% | 270 | 268 |");
    }

    @Test
    void reconcileIsCheckedAt100kAnd1MRows() {
        assertThat(report().targets()).filteredOn(t -> t.target().startsWith("reconcile rows/s per shard"))
                .extracting(TargetCheck::target, TargetCheck::threshold, TargetCheck::goal, TargetCheck::measured,
                        TargetCheck::status).containsExactly(
                        tuple("reconcile rows/s per shard, 100k rows, 10% re-drives", "≥ 5000", "≥ 20000", "-",
                                TargetCheck.Status.NOT_MEASURED),
                        tuple("reconcile rows/s per shard, 100k rows, all consistent", "≥ 20000", "≥ 50000", "33000",
                                TargetCheck.Status.MET),
                        tuple("reconcile rows/s per shard, 1M rows, all consistent", "≥ 20000", "≥ 50000", "7650",
                                TargetCheck.Status.MISSED));
    }

    @Test
    void theFlashSaleIsCheckedAgainstIssue16sNumbers() {
        List<TargetCheck> flash = report().targets().stream().filter(t -> t.target().startsWith("flash sale")).toList();

        assertThat(flash).extracting(TargetCheck::target, TargetCheck::measured, TargetCheck::status).containsExactly(
                tuple("flash sale refusals/s (409 sold-out)", "5686", TargetCheck.Status.MET),
                tuple("flash sale refusal p99 (ms)", "3.0", TargetCheck.Status.MET),
                tuple("flash sale orders created (201)", "100", TargetCheck.Status.MET),
                tuple("flash sale orders of the SKU in order_db", "100", TargetCheck.Status.MET),
                tuple("flash sale answers other than 201 or 409 sold-out", "0", TargetCheck.Status.MET),
                tuple("flash sale stock left (inventory_db)", "0", TargetCheck.Status.MET),
                tuple("flash sale work orders and failed deductions", "0", TargetCheck.Status.MET));
        assertThat(flash.get(2).threshold()).isEqualTo("= 100");
    }

    @Test
    void aFlashSaleThatLetsOneTooManyThroughOrFailsDownstreamMissesItsTargets() {
        FlashSaleResult oversold = flashSale(101, 19_899, new FlashSaleState(true, 101, 0, 1, 0));

        assertThat(Targets.check(null, null, null, null, null, oversold, List.of()))
                .filteredOn(t -> t.status() == TargetCheck.Status.MISSED).extracting(TargetCheck::target)
                .containsExactly("flash sale orders created (201)", "flash sale orders of the SKU in order_db",
                        "flash sale work orders and failed deductions");
    }

    @Test
    void aFlashSaleWithoutRefusalsHasNoRefusalLatencyToPass() {
        FlashSaleResult nothingRefused = flashSale(100, 0, new FlashSaleState(true, 100, 0, 0, 0));

        assertThat(Targets.check(null, null, null, null, null, nothingRefused, List.of()))
                .filteredOn(t -> t.target().equals("flash sale refusal p99 (ms)")).singleElement()
                .extracting(TargetCheck::status).isEqualTo(TargetCheck.Status.NOT_MEASURED);
    }

    @Test
    void targetsWithoutAMeasurementAreSaidSo() {
        List<TargetCheck> checks = Targets.check(null, null, null, null, null, null, List.of());
        assertThat(checks).extracting(TargetCheck::status).containsOnly(TargetCheck.Status.NOT_MEASURED);
    }

    @Test
    void costTargetsAreJudgedAtEachBlocksSaturationStepNotAtTheFixedRates() {
        // fixed rates: 1.4 ms per refusal, which would miss 0.4; at saturation 0.30..0.35
        List<TargetCheck> checks = Targets.cost(cost());

        assertThat(checks).extracting(TargetCheck::target, TargetCheck::status).contains(
                tuple(CostResult.CPU_PER_REFUSAL, TargetCheck.Status.MET),
                tuple(CostResult.REFUSAL_OVER_READ, TargetCheck.Status.MET),
                tuple(CostResult.REFUSALS_PER_SECOND, TargetCheck.Status.MISSED),
                tuple(CostResult.REFUSAL_P99, TargetCheck.Status.MET),
                tuple(CostResult.CPU_PER_ORDER, TargetCheck.Status.MISSED),
                tuple("SQL statements per refusal", TargetCheck.Status.MET),
                tuple(CostResult.CPU_PER_ORDER + ", ./run-local.sh", TargetCheck.Status.NOT_MEASURED));
        assertThat(checks).filteredOn(t -> t.target().equals(CostResult.CPU_PER_REFUSAL)).singleElement()
                .extracting(TargetCheck::threshold, TargetCheck::measured)
                .containsExactly("≤ 0.400", "0.325 [0.300, 0.350], 6 blocks");
    }

    @Test
    void theCostSectionShowsEveryStepAndWhereTheBoxsCpuBeyondThePerProcessSumWent() {
        String md = MarkdownReport.render(new BenchReport("2026-01-01", new Machine(2, 24, "Test CPU", "JDK 17", "Linux"),
                "tooling/bench/run.sh --sections=cost", 600, null, null, null, null, null, null, null, List.of(),
                Targets.cost(cost()), cost(), null, null));

        assertThat(md).contains("## 9. Cost per unit", "**At saturation**", "**At fixed rates**",
                // c=64 refused more per second: the saturation step; its box total is within 10 % of the SUT's
                "| 0 | refusal | 64 | yes | 6000 | 30000 / 30000 | 0 | 0.300 | 8.0 |", "| 9000 | 9500 | 500 (5 %) | within 10 % |",
                // the read's box total is 25 % above: bench JVM, interrupts, the rest
                "| 2500 (25 %) | 300 / 1500 / 700 |", "| yes |",
                // 9,000 ms over 3,000 orders, half of it order-service's
                "by process, ms per order (median of the kept blocks): ", "order-service 1.500", "mariadbd 1.500");
    }

    @Test
    void theRetentionSoakCountsGrowingTablesAndJudgesEachCleanupByItsRowsPerOrder() {
        RetentionResult retention = new RetentionResult(100, 480, 180, 48_000, 0, List.of(),
                List.of(new RetentionResult.Flatness("t_order", 14_000, 44_000, 29_000, 1.7, 0.25, true, true),
                        new RetentionResult.Flatness("notice_log", 10_000, 15_000, 12_000, 1.05, 0.25, false, true),
                        new RetentionResult.Flatness("message_log_hist", 4_000, 20_000, 9_000, 1.6, 0.25, false, false)),
                List.of(new RetentionResult.TableSize("notice_log", 12_000, 1.0, 470, 448),
                        new RetentionResult.TableSize("message_consumer_status", 14_000, 2.0, 217, 414)),
                List.of(new RetentionResult.CleanupRate("notice_log", 12_000, 0.4, 30_000),
                        new RetentionResult.CleanupRate("message_consumer_status", 14_000, 2, 7_000)), null);

        // one cleaned table still grows; two rows per order need twice the rate: 10 x 441 x 2
        assertThat(Targets.retention(retention)).extracting(TargetCheck::measured, TargetCheck::status).containsExactly(
                tuple("1", TargetCheck.Status.MISSED), tuple("30,000", TargetCheck.Status.MET),
                tuple("7,000", TargetCheck.Status.MISSED));
        String md = MarkdownReport.render(new BenchReport("2026-01-01", new Machine(2, 24, "Test CPU", "JDK 17", "Linux"),
                "tooling/bench/run.sh --sections=retention", 600, null, null, null, null, null, null, null, List.of(),
                Targets.retention(retention), null, null, retention));
        assertThat(md).contains("## 11. Retention", "| t_order | 14,000 | 29,000 | 44,000 | 1.70 | kept for ever (grows by design) |",
                "| message_log_hist | 4,000 | 9,000 | 20,000 | 1.60 | **no** |", "| notice_log | 12,000 | 0.40 | **30,000** |");
    }

    @Test
    void theCleanupsCostToTheOrderPathIsInformationWithItsBlocksAndFigures() {
        List<CleanupCost.Block> blocks = new ArrayList<>();
        for (int b = 0; b < 7; b++) {
            // 2,000 orders each; on costs 0.2 ms more per order over 4,000 rows: 0.1 ms per row, 100 per 1,000
            blocks.add(new CleanupCost.Block(b, b % 2 == 0 ? List.of("off", "on") : List.of("on", "off"), 1_000,
                    b == 6 ? 1_300 : 1_000, 0, b == 6 ? "probes 1000 and 1300 ms differ by 30 %" : null,
                    cleanupWindow(false, 2.0, 0, 5), cleanupWindow(true, 2.2, 4_000, 8)));
        }
        CleanupCost cost = CleanupCost.of(100, 20, blocks);
        RetentionResult retention = new RetentionResult(100, 480, 180, 48_000, 0, List.of(), List.of(), List.of(),
                List.of(), cost);

        assertThat(cost.figure(CleanupCost.CPU_DIFFERENCE).raw().median()).isCloseTo(0.2, within(1e-9));
        assertThat(cost.figure(CleanupCost.CPU_PER_THOUSAND_ROWS).raw().median()).isCloseTo(100, within(1e-9));
        assertThat(cost.figure(CleanupCost.ROWS).raw().blocks()).isEqualTo(6);
        assertThat(Targets.retention(retention)).last().extracting(TargetCheck::measured, TargetCheck::status)
                .containsExactly("1.100 [1.100, 1.100], 6 blocks", TargetCheck.Status.INFORMATION);
        // a soak too short to judge any table measured no growth at all
        assertThat(Targets.retention(retention)).first().extracting(TargetCheck::status)
                .isEqualTo(TargetCheck.Status.NOT_MEASURED);
        String md = MarkdownReport.render(new BenchReport("2026-01-01", new Machine(2, 24, "Test CPU", "JDK 17", "Linux"),
                "tooling/bench/run.sh --sections=retention", 600, null, null, null, null, null, null, null, List.of(),
                Targets.retention(retention), null, null, retention));
        assertThat(md).contains("### The cleanup's cost to the order path", "6 of 7 blocks kept",
                "| 1 | on, off | 1000 / 1000 | 0.00 | 2.000 | 2.200 | 0.200 | 1.100 | 4,000 (0) | 20 (0) | 100.00 | 5.0 | 8.0 | yes |  |",
                "differ by 30 %", "| " + CleanupCost.P99_ON + " | 8.000 |", "| information |");
        JsonNode json = JsonMapper.builder().build().readTree(ReportWriter.json(new BenchReport("2026-01-01",
                new Machine(2, 24, "Test CPU", "JDK 17", "Linux"), "x", 1, null, null, null, null, null, null, null,
                List.of(), List.of(), null, null, retention)));
        assertThat(json.get("retention").get("cleanupCost").get("blocks")).hasSize(7);
    }

    private static CleanupCost.Window cleanupWindow(boolean on, double cpuMsPerOrder, long rows, double p99) {
        return new CleanupCost.Window(on, 22, 2_000, Map.of(201, 2_000L), true, cpuMsPerOrder * 2_000, cpuMsPerOrder,
                Map.of("mariadbd", cpuMsPerOrder / 2), new LatencySummary(2_000, 1, 2, p99, p99 + 1),
                Map.of("notice_log", rows), Map.of("notice_log", rows), on ? 20 : 0, 0);
    }

    @Test
    void theLocalLayoutJudgesItsOwnTargetFromTheSameSaturationFigure() {
        // 3 ms SUT CPU per order at every block's saturation step: above 2.2 in all six blocks
        assertThat(Targets.localCost(localCost())).singleElement()
                .extracting(TargetCheck::target, TargetCheck::status, TargetCheck::measured)
                .containsExactly(CostResult.CPU_PER_ORDER + ", ./run-local.sh", TargetCheck.Status.MISSED,
                        "3.00 [3.00, 3.00], 6 blocks");
    }

    @Test
    void theLocalLayoutShowsItsStepsAndNoFixedRates() {
        String md = MarkdownReport.render(new BenchReport("2026-01-01", new Machine(2, 24, "Test CPU", "JDK 17", "Linux"),
                "tooling/bench/run.sh --sections=cost --layout=local", 600, null, null, null, null, null, null, null,
                List.of(), Targets.localCost(localCost()), localCost(), null, null));

        assertThat(md).contains("## 9. Cost per unit, ./run-local.sh", "| 5 | 100 / 101 | 0.00 | yes |",
                "| 0 | refusal | 64 | yes | 6000 | 30000 / 30000 | 0 | 0.300 | 8.0 |")
                .doesNotContain("**At fixed rates**", "Work counters");
    }

    /** The blocks of {@link #cost()} as --layout=local gives them: closed-loop steps, no fixed-rate windows. */
    private static CostResult localCost() {
        CostResult process = cost();
        List<CostBlock> blocks = process.blocks().stream().map(b -> new CostBlock(b.index(), b.probeBeforeMs(),
                b.probeAfterMs(), b.stealPercent(), b.dropped(), List.of(), b.steps())).toList();
        return new CostResult(Layout.LOCAL, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 5, blocks,
                process.saturation(), List.of(), Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /** Six kept blocks; block b refuses 4,000/s at c=16, 6,000/s at c=64 for 0.30 + 0.01·b ms, reads for 0.50 ms. */
    private static CostResult cost() {
        List<CostBlock> blocks = new ArrayList<>();
        for (int b = 0; b < 6; b++) {
            List<VariantRun> runs = new ArrayList<>();
            for (Variant variant : Variant.values()) {
                runs.add(new VariantRun(variant, 5, 5_000, Map.of(409, 5_000L), 1.4, Map.of(), 0.01, LATENCY,
                        Map.of(), 0, true));
            }
            double refusalMs = 0.30 + 0.01 * b;
            blocks.add(new CostBlock(b, 100, 101, 0, null, runs, List.of(
                    new ClosedLoopStep(StepKind.REFUSAL, 16, new WrkOutput(20_000, 5, 20_000, 0, 6, 1_000), 20_000, 5.1,
                            20_000 * 0.4, 0, 20_000 * 0.4, 0, true, Map.of()),
                    new ClosedLoopStep(StepKind.REFUSAL, 64, new WrkOutput(30_000, 5, 30_000, 0, 8, 1_000), 30_000, 5.1,
                            30_000 * refusalMs, 0, 30_000 * refusalMs + 500, 0, true, Map.of()),
                    new ClosedLoopStep(StepKind.READ, 16, new WrkOutput(15_000, 5, 0, 0, 5, 1_000), 15_000, 5.1,
                            7_500, 300, 10_000, 1_500, true, Map.of()),
                    new ClosedLoopStep(StepKind.ORDER, 16, new WrkOutput(3_000, 5, 0, 0, 30, 1_000), 3_000, 6,
                            9_000, 0, 9_000, 0, true, Map.of("order-service", 4_500.0, "mariadbd", 4_500.0)))));
        }
        List<CostBlock> kept = blocks;
        return new CostResult(Layout.PROCESS, 1_000, 4_000, 100, 5, 5, blocks, List.of(
                figure(CostResult.CPU_PER_REFUSAL, kept.stream().map(b -> b.saturation(StepKind.REFUSAL).sutCpuMsPerUnit())),
                figure(CostResult.REFUSAL_OVER_READ, kept.stream().map(b -> b.saturation(StepKind.REFUSAL).sutCpuMsPerUnit()
                        / b.saturation(StepKind.READ).sutCpuMsPerUnit())),
                figure(CostResult.REFUSALS_PER_SECOND, kept.stream().map(b -> b.step(StepKind.REFUSAL, 16).unitsPerSecond())),
                figure(CostResult.REFUSAL_P99, kept.stream().map(b -> b.step(StepKind.REFUSAL, 16).wrk().p99Ms())),
                figure(CostResult.CPU_PER_ORDER, kept.stream().map(b -> b.saturation(StepKind.ORDER).sutCpuMsPerUnit()))),
                List.of(figure(CostResult.FIXED_CPU_PER_REFUSAL, kept.stream().map(b -> b.run(Variant.REFUSAL).sutCpuMsPerUnit()))),
                4, 9, 0, 3);
    }

    private static CostFigure figure(String measure, java.util.stream.Stream<Double> perBlock) {
        MedianInterval m = MedianInterval.of(perBlock.toList());
        return new CostFigure(measure, m, m);
    }

    @Test
    void theFlashSaleRunsLastButTheCostAndRelaySections() {
        // the relay section stops the broker and leaves the consumers a backlog: nothing runs after it
        assertThat(Section.parse("all")).endsWith(Section.FLASHSALE, Section.COST, Section.RELAY);
    }

    /** 20,000 orders for 100 units in 3.5 s; refusals 3 ms at p99. */
    private static FlashSaleResult flashSale(long created, long refused, FlashSaleState state) {
        return new FlashSaleResult(700_000_000L, 100, (int) (created + refused), 64, new FlashSaleWarmUp(10_000, 10_000),
                created, refused, 0, java.util.Map.of(),
                3.5, (created + refused) / 3.5, refused / 3.5, LATENCY, LATENCY, state);
    }

    private static BenchReport report() {
        AcceptanceResult acceptance = new AcceptanceResult(List.of(
                new AcceptanceStep("a", 1, 100, LATENCY, 0, java.util.Map.of("order-service", 3.0, "mariadbd", 1.5), 0.1),
                new AcceptanceStep("b", 1, 200, LATENCY, 0, java.util.Map.of("order-service", 2.0, "mariadbd", 1.0), 0),
                new AcceptanceStep("a", 8, 300, LATENCY, 0, java.util.Map.of("order-service", 1.5), 0),
                new AcceptanceStep("b", 8, 600, LATENCY, 0, java.util.Map.of("order-service", 1.5), 0),
                new AcceptanceStep("c", 8, 350, LATENCY, 0, java.util.Map.of("order-service", 1.5), 0),
                new AcceptanceStep("c'", 8, 400, LATENCY, 0, java.util.Map.of("order-service", 1.5), 0)),
                List.of(new ModeRatios("8", 0.5, 0.86, 0.75, null), new ModeRatios(ModeRatios.MEDIAN, 0.5, 0.86, 0.75, 1.1)));
        ConsistencyResult consistency = new ConsistencyResult(150, List.of(
                new ConsistencyRun(150, 149, 1_500, 0, 0, LATENCY, LATENCY),
                new ConsistencyRun(270, 268, 2_700, 0, 0, LATENCY, LATENCY)));
        EndToEndResult endToEnd = new EndToEndResult(32, 40, 12_000, 0, 300, 12_000, 0, 41, 292, 3.5);
        ReconcileResult reconcile = new ReconcileResult(List.of(
                new ReconcileCase(100_000, "all consistent", 1, 4, 3, 33_000, 33_000, 100_000, 0, 0, 0.01),
                new ReconcileCase(1_000_000, "all consistent", 2, 60, 65, 15_300, 7_650, 1_000_000, 0, 0, 2.5)), "test");
        HotSkuResult hotSku = new HotSkuResult(List.of(new HotSkuCase("one SKU", 1, 1_000, 5_000, 1_000, 1_000, 800, 0.8, 1_000),
                new HotSkuCase("1,000 SKUs", 1_000, 1_000, 5_000, 1_000, 1_000, 800, 0.4, 2_000)), 0.5);
        FlashSaleResult flashSale = flashSale(100, 19_900, new FlashSaleState(true, 100, 0, 0, 0));
        List<SectionUsage> resources = List.of(new SectionUsage("acceptance", 60, 1.9,
                List.of(new ProcessUsage("order-service", 0.8, 0.4, 300, 350))));
        return new BenchReport("2026-01-01", new Machine(2, 24, "Test CPU", "JDK 17", "Linux"), "tooling/bench/run.sh", 600,
                acceptance, consistency, endToEnd, reconcile, hotSku, new LimitsResult(List.of(
                        new LimitStep(LimitsResult.JDBC, 8, 1_200, 1.1), new LimitStep(LimitsResult.ROCKETMQ, 8, 600, 1.6))),
                flashSale, resources,
                Targets.check(acceptance, consistency, endToEnd, reconcile, hotSku, flashSale, resources), null, null, null);
    }
}
