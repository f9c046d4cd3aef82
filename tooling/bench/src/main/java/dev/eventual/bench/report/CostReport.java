package dev.eventual.bench.report;

import dev.eventual.bench.cost.CostBlock;
import dev.eventual.bench.cost.CostFigure;
import dev.eventual.bench.cost.CostResult;
import dev.eventual.bench.cost.MedianInterval;
import dev.eventual.bench.cost.SaturationStep;
import dev.eventual.bench.cost.Variant;
import dev.eventual.bench.cost.VariantRun;

import java.util.Locale;

/** Section 9 of the Markdown result: the cost section's figures, blocks and work counters. */
final class CostReport {

    private CostReport() {
    }

    static void render(StringBuilder md, CostResult c) {
        md.append("## 9. Cost per unit (fixed rates, paired blocks)\n\n");
        md.append(fmt("Refusals and plain reads at %.0f/s, refusal latency at %.0f/s, orders at %.0f/s; %.0f s windows,"
                        + " an idle window of the same length subtracted; %d of %d blocks kept. SUT = service JVMs, mariadbd,"
                        + " redis-server and the broker's threads; the generator apart. Median and 95 %% interval of the"
                        + " per-block values (order statistics); normalised = scaled to the median box-speed probe.%n%n",
                c.rate(), c.p99Rate(), c.orderRate(), c.windowSeconds(), c.keptBlocks(), c.blocks().size()));
        md.append("| measure | median | 95 % interval | normalised median | normalised interval |\n|---|---:|---:|---:|---:|\n");
        for (CostFigure f : c.figures()) {
            md.append(fmt("| %s | %.3f | %s | %.3f | %s |%n", f.measure(), f.raw().median(), interval(f.raw()),
                    f.normalised().median(), interval(f.normalised())));
        }
        md.append(fmt("%nWork counters, pooled over the kept blocks (MariaDB USER_STATISTICS per service account, net of"
                        + " idle): SQL statements per consistent order %.2f from order-service, %.2f over all services;"
                        + " per refusal %.2f over all services; rows written per order %.2f.%n%n", c.sqlPerOrderOrderService(),
                c.sqlPerOrderTotal(), c.sqlPerRefusal(), c.rowsWrittenPerOrder()));
        SaturationStep s = c.saturation();
        if (s != null) {
            md.append(fmt("Saturation (wrk, 1 thread, 16 connections, closed loop): **%.0f refusals/s**, %d of %d answers"
                            + " non-2xx, %d socket errors; wrk used %.4f ms of CPU per request.%n%n", s.requestsPerSecond(),
                    s.non2xx(), s.requests(), s.socketErrors(), s.generatorCpuMsPerRequest()));
        }
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
        md.append("\n");
    }

    private static String interval(MedianInterval m) {
        return m.low() == null ? "none (< 6 blocks)" : fmt("%.3f – %.3f (%.1f %%)", m.low(), m.high(), m.coverage() * 100);
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
