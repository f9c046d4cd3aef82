package dev.eventual.bench.report;

import dev.eventual.bench.cost.ClosedLoopStep;
import dev.eventual.bench.cost.CostBlock;
import dev.eventual.bench.cost.CostFigure;
import dev.eventual.bench.cost.CostResult;
import dev.eventual.bench.cost.Layout;
import dev.eventual.bench.cost.MedianInterval;
import dev.eventual.bench.cost.StepKind;
import dev.eventual.bench.cost.Variant;
import dev.eventual.bench.cost.VariantRun;

import java.util.List;
import java.util.Locale;

/** Section 9 of the Markdown result: the cost section's saturation and fixed-rate figures, blocks and work counters. */
final class CostReport {

    private CostReport() {
    }

    static void render(StringBuilder md, CostResult c) {
        if (c.layout() == Layout.LOCAL) {
            renderLocal(md, c);
            return;
        }
        md.append("## 9. Cost per unit (closed-loop saturation and fixed rates, paired blocks)\n\n");
        md.append(fmt("%d of %d blocks kept. SUT = service JVMs, mariadbd, redis-server and the broker's threads; the"
                        + " generator apart. Median and 95 %% interval of the per-block values (order statistics);"
                        + " normalised = scaled to the median box-speed probe.%n%n", c.keptBlocks(), c.blocks().size()));
        md.append(fmt("**At saturation** (the targets' figures, issue 41): wrk closed loop, %.0f s steps at c = %s of"
                        + " refusal, plain read and order in every block; each block's saturation step per kind is its c"
                        + " of highest throughput; refusals/s and p99 at c = %d; SUT CPU over the step (for orders until"
                        + " both consumers reported every order), no idle subtracted, over the units done.%n%n",
                c.stepSeconds(), ClosedLoopStep.CONNECTIONS, ClosedLoopStep.TARGET_CONNECTIONS));
        figures(md, c.saturation());
        orderByPart(md, c.blocks());
        md.append(fmt("%n**At fixed rates** (information: the wake-up cost of a quiet system): refusals and plain reads"
                        + " at %.0f/s, refusal latency at %.0f/s, orders at %.0f/s; %.0f s windows, an idle window of the"
                        + " same length subtracted.%n%n", c.rate(), c.p99Rate(), c.orderRate(), c.windowSeconds()));
        figures(md, c.fixedRate());
        md.append(fmt("%nWork counters, pooled over the kept blocks' fixed-rate windows (MariaDB USER_STATISTICS per"
                        + " service account, net of idle): SQL statements per consistent order %.2f from order-service,"
                        + " %.2f over all services; per refusal %.2f over all services; rows written per order %.2f.%n%n",
                c.sqlPerOrderOrderService(), c.sqlPerOrderTotal(), c.sqlPerRefusal(), c.rowsWrittenPerOrder()));
        md.append("| block | probe before / after ms | steal % | kept | refusal ms | read ms | order ms | p99 ms |"
                + " generator ms/request (refusal) | SQL/order (order-service) |\n|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|\n");
        for (CostBlock b : c.blocks()) {
            VariantRun refusal = b.run(Variant.REFUSAL);
            VariantRun order = b.run(Variant.ORDER);
            md.append(fmt("| %d | %.0f / %.0f | %.2f | %s | %.3f | %.3f | %.3f | %.1f | %.4f | %.2f |%n", b.index(),
                    b.probeBeforeMs(), b.probeAfterMs(), b.stealPercent(), b.dropped() == null ? "yes" : "no: " + b.dropped(),
                    refusal.sutCpuMsPerUnit(), b.run(Variant.READ).sutCpuMsPerUnit(), order.sutCpuMsPerUnit(),
                    b.run(Variant.REFUSAL_AT_P99_RATE).latency().p99Ms(), refusal.generatorCpuMsPerRequest(),
                    order.units() == 0 ? 0 : order.sqlStatements().getOrDefault("order_service", 0.0) / order.units()));
        }
        steps(md, c.blocks());
        md.append("\n");
    }

    /** Where a consistent order's SUT CPU goes at saturation: each process's median over the kept blocks' order steps. */
    private static void orderByPart(StringBuilder md, List<CostBlock> blocks) {
        List<ClosedLoopStep> steps = blocks.stream().filter(b -> b.dropped() == null && !b.steps().isEmpty())
                .map(b -> b.saturation(StepKind.ORDER)).filter(s -> s != null && s.units() > 0
                        && !s.sutCpuMsByPart().isEmpty()).toList();
        if (steps.isEmpty()) {
            return;
        }
        md.append("\nA consistent order's SUT CPU at saturation by process, ms per order (median of the kept blocks): ");
        md.append(String.join(", ", steps.get(0).sutCpuMsByPart().keySet().stream().map(part -> fmt("%s %.3f", part,
                MedianInterval.of(steps.stream().map(s -> s.sutCpuMsByPart().getOrDefault(part, 0.0) / s.units()).toList())
                        .median())).toList()));
        md.append(".\n");
    }

    /** {@code --layout=local}: the closed-loop steps only, on ./run-local.sh's one JVM. */
    private static void renderLocal(StringBuilder md, CostResult c) {
        md.append("## 9. Cost per unit, ./run-local.sh (closed-loop saturation, paired blocks)\n\n");
        md.append(fmt("%d of %d blocks kept. `./run-local.sh --gate` as users run it (every SKU gated): SUT = its one"
                        + " JVM (services, broker, auth-server), its mariadbd and redis-server, CPU from /proc; wrk apart."
                        + " wrk closed loop, %.0f s steps at c = %s of refusal, plain read and order in every block; each"
                        + " block's saturation step per kind is its c of highest throughput; SUT CPU over the step (for"
                        + " orders until both consumers reported every order), no idle subtracted, over the units done."
                        + " Median and 95 %% interval of the per-block values; normalised = scaled to the median box-speed"
                        + " probe.%n%n", c.keptBlocks(), c.blocks().size(), c.stepSeconds(), ClosedLoopStep.CONNECTIONS));
        figures(md, c.saturation());
        md.append("\n| block | probe before / after ms | steal % | kept |\n|---:|---:|---:|---|\n");
        for (CostBlock b : c.blocks()) {
            md.append(fmt("| %d | %.0f / %.0f | %.2f | %s |%n", b.index(), b.probeBeforeMs(), b.probeAfterMs(),
                    b.stealPercent(), b.dropped() == null ? "yes" : "no: " + b.dropped()));
        }
        steps(md, c.blocks());
        md.append("\n");
    }

    /**
     * Every closed-loop step, the per-process sum beside the box's total (/proc/stat busy time minus wrk's):
     * where they differ by more than 10 %, the rest is split into the benchmark JVM's own threads, the kernel's
     * interrupt work (irq, softirq: loopback networking no process is charged for) and what is left (other
     * processes on the box, rounding of the 10 ms ticks).
     */
    private static void steps(StringBuilder md, List<CostBlock> blocks) {
        if (blocks.stream().allMatch(b -> b.steps().isEmpty())) {
            md.append("\nNo closed-loop steps: wrk is not installed (`apt-get install wrk`).\n");
            return;
        }
        md.append("\n| block | kind | c | saturation | units/s | units / answers | socket errors | SUT CPU ms/unit | p99 ms | wrk CPU ms/request"
                + " | SUT CPU ms | box CPU ms (no wrk) | box - SUT | of which bench JVM / irq+softirq / other ms |"
                + " consistent |\n|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
        for (CostBlock b : blocks) {
            for (ClosedLoopStep s : b.steps()) {
                double rest = s.boxCpuMs() - s.sutCpuMs();
                String where = Math.abs(s.unaccountedShare()) > ClosedLoopStep.UNACCOUNTED_LIMIT
                        ? fmt("%.0f / %.0f / %.0f", s.benchOtherCpuMs(), s.interruptMs(),
                        rest - s.benchOtherCpuMs() - s.interruptMs())
                        : "within 10 %";
                md.append(fmt("| %d | %s | %d | %s | %.0f | %d / %d | %d | %.3f | %.1f | %.4f | %.0f | %.0f | %.0f (%.0f %%) | %s | %s |%n",
                        b.index(), s.kind().name().toLowerCase(Locale.ROOT), s.connections(),
                        b.saturation(s.kind()) == s ? "yes" : "", s.unitsPerSecond(), s.units(), s.wrk().requests(),
                        s.wrk().socketErrors(), s.sutCpuMsPerUnit(),
                        s.wrk().p99Ms(), s.wrk().requests() == 0 ? 0 : s.wrk().generatorCpuMs() / s.wrk().requests(),
                        s.sutCpuMs(), s.boxCpuMs(), rest, s.unaccountedShare() * 100, where,
                        s.kind() != StepKind.ORDER ? "" : s.settled() ? "yes" : "no: --drain passed"));
            }
        }
    }

    /** Median and interval of each figure, raw and normalised; also the retention section's cleanup cost. */
    static void figures(StringBuilder md, List<CostFigure> figures) {
        md.append("| measure | median | 95 % interval | normalised median | normalised interval |\n|---|---:|---:|---:|---:|\n");
        for (CostFigure f : figures) {
            md.append(fmt("| %s | %.3f | %s | %.3f | %s |%n", f.measure(), f.raw().median(), interval(f.raw()),
                    f.normalised().median(), interval(f.normalised())));
        }
    }

    private static String interval(MedianInterval m) {
        return m.low() == null ? "none (< 6 blocks)" : fmt("%.3f – %.3f (%.1f %%)", m.low(), m.high(), m.coverage() * 100);
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
