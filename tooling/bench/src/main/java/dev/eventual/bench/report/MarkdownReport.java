package dev.eventual.bench.report;

import dev.eventual.bench.acceptance.AcceptanceStep;
import dev.eventual.bench.acceptance.ModeRatios;
import dev.eventual.bench.consistency.ConsistencyRun;
import dev.eventual.bench.consistency.EndToEndResult;
import dev.eventual.bench.flashsale.FlashSaleResult;
import dev.eventual.bench.flashsale.FlashSaleState;
import dev.eventual.bench.limits.LimitStep;
import dev.eventual.bench.limits.LimitsResult;
import dev.eventual.bench.hotsku.HotSkuCase;
import dev.eventual.bench.reconcile.ReconcileCase;
import dev.eventual.bench.relay.RelayResult;
import dev.eventual.bench.retention.CleanupCost;
import dev.eventual.bench.retention.RetentionResult;
import dev.eventual.bench.resources.CpuPart;
import dev.eventual.bench.resources.ProcessUsage;
import dev.eventual.bench.resources.SectionUsage;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The human-readable result: one table per section, then the targets met or missed. */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    public static String render(BenchReport r) {
        StringBuilder md = new StringBuilder();
        Machine m = r.machine();
        md.append("# Eventual benchmark, ").append(r.date()).append("\n\n");
        md.append(fmt("Machine: %d cores, %.1f GiB RAM, %s; JDK %s; %s. Run took %.0f s.%n%n", m.cores(), m.ramGib(),
                m.cpuModel(), m.jdk(), m.os(), r.durationSeconds()));
        md.append("Command: `").append(r.command()).append("`\n\n");
        md.append("How each number is measured: `tooling/bench/README.md`.\n\n");
        targets(md, r.targets());
        if (r.acceptance() != null) {
            md.append("## 1. Order acceptance (POST /api/orders, closed loop)\n\n");
            md.append("Modes: a = transactional half message (production), b = same local transaction, no broker,"
                    + " c = local transaction then plain sync send to a topic nobody consumes, c' = the same plain send to"
                    + " the order topic, so the consumers do a's downstream work; a0 (with --isolate-publish) = a with"
                    + " inventory- and notice-service stopped. Ratios are taken at the same concurrency; the targets are"
                    + " on their median over the levels where both modes ran.\n\n");
            md.append("CPU ms per accepted order: order-service, the RocketMQ broker's threads of the bench JVM,"
                    + " inventory- and notice-service together, mariadbd, and all of them but the load generator; JIT ="
                    + " the part of all processes the JIT compiler threads used (the warm-up runs until it is about 0).\n\n");
            md.append("| mode | concurrency | orders/s | p50 ms | p95 ms | p99 ms | errors | CPU ms/order: order | broker"
                    + " | consumers | mariadbd | all | JIT |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (AcceptanceStep s : r.acceptance().steps()) {
                Map<String, Double> cpu = s.cpuMsPerOrder();
                md.append(fmt("| %s | %d | %.0f | %.1f | %.1f | %.1f | %d | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |%n", s.mode(),
                        s.concurrency(), s.ordersPerSecond(), s.latency().p50Ms(), s.latency().p95Ms(), s.latency().p99Ms(),
                        s.errors(), cpu.getOrDefault("order-service", 0.0), cpu.getOrDefault(Targets.BENCH_JVM, 0.0),
                        cpu.getOrDefault("inventory-service", 0.0) + cpu.getOrDefault("notice-service", 0.0),
                        cpu.getOrDefault("mariadbd", 0.0), cpu.entrySet().stream()
                                .filter(e -> !e.getKey().equals(CpuPart.LOAD_GENERATOR.label()))
                                .mapToDouble(Map.Entry::getValue).sum(),
                        s.jitMsPerOrder()));
            }
            md.append("\n| concurrency | a/b | a/c' (same downstream work) | a/c (c unconsumed) | a0/c (protocols alone) |\n"
                    + "|---|---:|---:|---:|---:|\n");
            for (ModeRatios ratio : r.acceptance().ratios()) {
                md.append(fmt("| %s | %.2f | %.2f | %.2f | %s |%n", ratio.concurrency(), ratio.aOverB(), ratio.aOverCPrime(),
                        ratio.aOverC(), ratio.a0OverC() == null ? "not run (--isolate-publish)" : fmt("%.2f", ratio.a0OverC())));
            }
            md.append("\n");
        }
        if (r.consistency() != null) {
            md.append("## 2. Time to consistency (POST to stock deducted and notice sent, open loop)\n\n");
            md.append(fmt("Fixed rates, the same in every run (--consistency-rate, --consistency-high-rate); the target is"
                    + " checked at %.0f orders/s. Share of end-to-end: the rate over this run's end-to-end consistent"
                    + " orders/s (section 3).%n%n", r.consistency().targetRatePerSecond()));
            md.append("| share of end-to-end | target /s | achieved /s | orders | p50 ms | p95 ms | p99 ms | max ms | never consistent |"
                    + " POST p99 ms |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (ConsistencyRun run : r.consistency().runs()) {
                md.append(fmt("| %s | %.0f | %.0f | %d | %.0f | %.0f | %.0f | %.0f | %d | %.1f |%n",
                        r.endToEnd() == null || r.endToEnd().consistentPerSecond() == 0 ? "-"
                                : fmt("%.0f%%", run.targetPerSecond() / r.endToEnd().consistentPerSecond() * 100),
                        run.targetPerSecond(), run.achievedPerSecond(), run.placed(), run.timeToConsistency().p50Ms(),
                        run.timeToConsistency().p95Ms(), run.timeToConsistency().p99Ms(), run.timeToConsistency().maxMs(),
                        run.neverConsistent(), run.acceptance().p99Ms()));
            }
            md.append("\n");
        }
        if (r.endToEnd() != null) {
            EndToEndResult e = r.endToEnd();
            md.append("## 3. End-to-end consistent orders/s (reconcile SUCCESS, both effects)\n\n");
            md.append("CPU ms per consistent order: every process on the box (the four services, mariadbd, the bench"
                    + " JVM with the broker and the load generator) over the whole section, per reconciled order.\n\n");
            md.append("| concurrency | load s | placed | accepted /s | reconciled | not reconciled | span s | consistent orders/s"
                    + " | CPU ms per consistent order |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            md.append(fmt("| %d | %.0f | %d | %.0f | %d | %d | %.1f | **%.0f** | **%.2f** |%n%n", e.concurrency(),
                    e.loadSeconds(), e.placed(), e.acceptedPerSecond(), e.reconciled(), e.notReconciled(), e.spanSeconds(),
                    e.consistentPerSecond(), e.cpuMsPerConsistentOrder()));
        }
        if (r.reconcile() != null) {
            md.append("## 4. Reconcile throughput (due rows worked off)\n\n").append(r.reconcile().note()).append(".\n\n");
            md.append("| rows | backlog | shards | seed s | run s | rows/s | rows/s per shard | reconciled | retried | left due"
                    + " | page reads per row (buffer pool misses) |\n|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (ReconcileCase c : r.reconcile().cases()) {
                md.append(fmt("| %,d | %s | %d | %.1f | %.1f | %.0f | %.0f | %d | %d | %d | %.2f |%n", c.rows(), c.backlog(),
                        c.shards(), c.seedSeconds(), c.seconds(), c.rowsPerSecond(), c.rowsPerSecondPerShard(), c.succeeded(),
                        c.retried(), c.leftDue(), c.pageReadsPerRow()));
            }
            md.append("\n");
        }
        if (r.hotSku() != null) {
            md.append("## 5. Hot SKU (inventory-service deductions through the broker)\n\n");
            md.append("Rate over the deductions recorded after the last event was published (measured), from then to the"
                    + " last one: the publisher's time and CPU are not in it.\n\n");
            md.append("| case | SKUs | orders | published /s | recorded | succeeded | measured | s | deductions/s |\n"
                    + "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (HotSkuCase c : r.hotSku().cases()) {
                md.append(fmt("| %s | %d | %d | %.0f | %d | %d | %d | %.2f | %.0f |%n", c.name(), c.skus(), c.orders(),
                        c.publishedPerSecond(), c.recorded(), c.succeeded(), c.measured(), c.seconds(),
                        c.deductionsPerSecond()));
            }
            md.append(fmt("%nOne SKU / 1,000 SKUs: %.2f%n%n", r.hotSku().oneOverSpread()));
        }
        if (r.limits() != null) {
            limits(md, r);
        }
        if (r.flashSale() != null) {
            flashSale(md, r.flashSale());
        }
        if (r.cost() != null) {
            CostReport.render(md, r.cost());
        }
        if (r.relay() != null) {
            relay(md, r.relay());
        }
        if (r.retention() != null) {
            retention(md, r.retention());
        }
        if (!r.resources().isEmpty()) {
            md.append("## 6. Resources per process and section\n\n");
            md.append("CPU in cores (1.0 = one core busy) and as a share of all busy CPU time of the box in that section;"
                    + " RSS from /proc/<pid>/status.\n\n");
            md.append("| section | process | CPU cores | CPU share | RSS avg MiB | RSS peak MiB |\n|---|---|---:|---:|---:|---:|\n");
            for (SectionUsage s : r.resources()) {
                for (ProcessUsage p : s.processes()) {
                    md.append(fmt("| %s | %s | %.2f | %.0f%% | %.0f | %.0f |%n", s.section(), p.process(), p.cpuCores(),
                            p.cpuShare() * 100, p.rssAvgMib(), p.rssPeakMib()));
                }
                md.append(fmt("| %s | *whole box busy* | %.2f | | | |%n", s.section(), s.machineBusyCores()));
            }
            md.append("\n");
        }
        return md.toString();
    }

    private static void limits(StringBuilder md, BenchReport r) {
        LimitsResult limits = r.limits();
        md.append("## 7. Physical limits of this box\n\n");
        md.append("The same three inserts as the order's local transaction (attempt barrier, order, event) from plain JDBC"
                + " threads, no HTTP, no Spring; raw RocketMQ transactional sends with a local transaction that does"
                + " nothing, same broker. CPU ms each: every process on the box per transaction or send. Ratios: mode a's"
                + " acceptance rate over each limit at the same concurrency.\n\n");
        md.append("| concurrency | JDBC order tx/s | CPU ms each | RocketMQ tx sends/s | CPU ms each | a / JDBC | a / RocketMQ |\n"
                + "|---:|---:|---:|---:|---:|---:|---:|\n");
        limits.steps().stream().map(LimitStep::concurrency).distinct().forEach(c -> {
            LimitStep jdbc = step(limits, LimitsResult.JDBC, c);
            LimitStep mq = step(limits, LimitsResult.ROCKETMQ, c);
            double a = r.acceptance() == null ? 0 : r.acceptance().steps().stream()
                    .filter(s -> s.mode().equals("a") && s.concurrency() == c)
                    .mapToDouble(AcceptanceStep::ordersPerSecond).findFirst().orElse(0);
            md.append(fmt("| %d | %.0f | %.2f | %.0f | %.2f | %s | %s |%n", c, jdbc == null ? 0 : jdbc.perSecond(),
                    jdbc == null ? 0 : jdbc.cpuMsEach(), mq == null ? 0 : mq.perSecond(), mq == null ? 0 : mq.cpuMsEach(),
                    ratio(a, jdbc), ratio(a, mq)));
        });
        if (r.endToEnd() != null) {
            double ceiling = Math.min(limits.peak(LimitsResult.JDBC), limits.peak(LimitsResult.ROCKETMQ));
            md.append(fmt("%nEnd-to-end consistent orders/s over the lower of the two peaks (%.0f /s): %.2f.%n", ceiling,
                    ceiling == 0 ? 0 : r.endToEnd().consistentPerSecond() / ceiling));
        }
        md.append("\n");
    }

    private static void relay(StringBuilder md, RelayResult r) {
        md.append("## 10. Orders while the broker is down, and the relay (issue 39)\n\n");
        md.append(fmt("POST /api/orders from %d closed-loop clients for %.0f s with the broker up (after a 10 s warm-up),"
                + " then %.0f s with it stopped (all of it measured: the first sends fail before the breaker opens).%n%n",
                r.concurrency(), r.outageSeconds(), r.outageSeconds()));
        md.append("| broker | orders (201) | orders/s | not 201 | p50 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|---:|\n");
        for (var run : List.of(Map.entry("up", r.brokerUp()), Map.entry("down", r.brokerDown()))) {
            RelayResult.Run o = run.getValue();
            md.append(fmt("| %s | %,d | %.0f | %d | %.1f | **%.1f** | %.0f |%n", run.getKey(), o.placed(), o.ordersPerSecond(),
                    o.errors(), o.latency().p50Ms(), o.latency().p99Ms(), o.latency().maxMs()));
        }
        md.append(fmt("%nThe backlog: %,d events WAITING on the one order_db server, written by the fallback for orders"
                + " placed in %.0f s with the broker stopped. From the broker's start: first relayed after %.1f s,"
                + " none waiting after %.1f s, every event consumed after %.1f s. The relay's rate, first to last"
                + " relayed_at over %.1f s: **%,.0f rows/s**.%n%n", r.backlog(), r.fillSeconds(), r.firstSentSeconds(),
                r.allSentSeconds(), r.allConsistentSeconds(), r.relaySeconds(), r.rowsPerSecond()));
    }

    private static void retention(StringBuilder md, RetentionResult r) {
        md.append("## 11. Retention: a soak with every retention set to minutes (issue 42)\n\n");
        md.append(fmt("%,d orders at %.0f/s for %.0f s (%d not placed), with the suite's retentions shortened to minutes"
                + " (RetentionSection.SHORT_RETENTION); row counts every 15 s, judged from second %.0f on, once every"
                + " retention has passed: flat when the judged samples' second half holds at most %.0f %% more than"
                + " their first (the cleanups run every 10 s, so counts saw-tooth).%n%n", r.orders(),
                r.ordersPerSecond(), r.soakSeconds(), r.errors(), r.flatFromSeconds(),
                r.flatness().isEmpty() ? 25.0 : r.flatness().get(0).tolerance() * 100));
        md.append("| table | min | mean | max | second half / first | flat |\n|---|---:|---:|---:|---:|---|\n");
        for (RetentionResult.Flatness f : r.flatness()) {
            md.append(fmt("| %s | %,d | %,.0f | %,d | %.2f | %s |%n", f.table(), f.min(), f.mean(), f.max(), f.growth(),
                    f.keptForEver() ? "kept for ever (grows by design)" : f.flat() ? "**yes**" : "**no**"));
        }
        md.append("\nAt the end of the soak (InnoDB's data + index length after ANALYZE TABLE, over the rows; pages as"
                + " stored, free space left by the deletes included):\n\n");
        md.append("| table | rows | rows per order | bytes per row | MiB per million orders |\n|---|---:|---:|---:|---:|\n");
        for (RetentionResult.TableSize s : r.sizes()) {
            md.append(fmt("| %s | %,d | %.2f | %,.0f | %,.0f |%n", s.table(), s.rows(), s.rowsPerOrder(), s.bytesPerRow(),
                    s.mbPerMillionOrders()));
        }
        md.append("\nEach cleanup against a backlog (every row left made a day older in one UPDATE):\n\n");
        md.append("| table | rows deleted | seconds | rows/s |\n|---|---:|---:|---:|\n");
        for (RetentionResult.CleanupRate c : r.cleanups()) {
            md.append(fmt("| %s | %,d | %.2f | **%,.0f** |%n", c.table(), c.rows(), c.seconds(), c.rowsPerSecond()));
        }
        md.append("\n");
        if (r.cleanupCost() != null) {
            cleanupCost(md, r.cleanupCost());
        }
    }

    private static void cleanupCost(StringBuilder md, CleanupCost c) {
        md.append(fmt("### The cleanup's cost to the order path%n%nIn each block a window with the cleanup off and one with"
                + " it on, orders at %.0f/s for %.0f s each, in an order alternating by block, between two box-speed"
                + " probes (section 9's; a block whose probes differ by more than 10 %% or whose steal passes 1 %% is"
                + " dropped). On: every row older than the window made old enough to pass its retention over the"
                + " window, the consumers' cleanup called every second and reconcile-job's every 10 s; off: every such"
                + " row made an hour young, so the same scheduled runs find nothing. SUT CPU (schedstat, generator and the"
                + " cleanup's caller apart) from the first order to both consumers' report of the last, over the"
                + " consistent orders. %d of %d blocks kept.%n%n", c.ordersPerSecond(), c.windowSeconds(), c.keptBlocks(),
                c.blocks().size()));
        md.append("| block | order | probes ms | steal % | CPU ms/order off | on | on − off | on / off | rows deleted on"
                + " (off) | cleanup calls (failed) | CPU ms per 1,000 rows | p99 ms off | on | consistent | dropped |\n"
                + "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
        for (CleanupCost.Block b : c.blocks()) {
            md.append(fmt("| %d | %s | %.0f / %.0f | %.2f | %.3f | %.3f | %.3f | %.3f | %,d (%,d) | %d (%d) | %s | %.1f | %.1f"
                            + " | %s | %s |%n",
                    b.index(), String.join(", ", b.order()), b.probeBeforeMs(), b.probeAfterMs(), b.stealPercent(),
                    b.off().sutCpuMsPerOrder(), b.on().sutCpuMsPerOrder(), b.cpuDifference(), b.cpuRatio(),
                    b.on().rowsDeletedTotal(), b.off().rowsDeletedTotal(), b.on().cleanupCalls(), b.on().cleanupErrors(),
                    Double.isNaN(b.cpuMsPerThousandRows()) ? "-"
                            : fmt("%.2f", b.cpuMsPerThousandRows()), b.off().latency().p99Ms(),
                    b.on().latency().p99Ms(), b.off().settled() && b.on().settled() ? "yes" : "no: --drain passed",
                    b.dropped() == null ? "" : b.dropped()));
        }
        md.append("\nOver the kept blocks (information: no target was set):\n\n");
        CostReport.figures(md, c.figures());
        md.append("\n");
    }

    private static void flashSale(StringBuilder md, FlashSaleResult f) {
        md.append("## 8. Flash sale (stock gate on one SKU)\n\n");
        md.append(fmt("%,d orders of one unit for %d units of SKU %d from %d closed-loop clients, after a warm-up of %,d"
                        + " orders at a stock of 0 (%,d refused). Rates over the wall time (first send to last answer);"
                        + " latency send to answer.%n%n", f.orders(), f.units(), f.sku(), f.clients(), f.warmUp().orders(),
                f.warmUp().refused()));
        md.append("| created (201) | refused (409 sold-out) | other | wall s | decisions/s | refusals/s |\n"
                + "|---:|---:|---:|---:|---:|---:|\n");
        md.append(fmt("| %d | %d | %d%s | %.2f | %.0f | **%.0f** |%n%n", f.created(), f.refused(), f.other(),
                f.otherStatuses().isEmpty() ? "" : " " + f.otherStatuses(), f.wallSeconds(), f.decisionsPerSecond(),
                f.refusalsPerSecond()));
        md.append("| latency ms | answers | p50 | p99 | max |\n|---|---:|---:|---:|---:|\n");
        md.append(fmt("| refusals | %d | %.1f | **%.1f** | %.1f |%n", f.refusalLatency().samples(), f.refusalLatency().p50Ms(),
                f.refusalLatency().p99Ms(), f.refusalLatency().maxMs()));
        md.append(fmt("| creations | %d | %.1f | %.1f | %.1f |%n%n", f.creationLatency().samples(), f.creationLatency().p50Ms(),
                f.creationLatency().p99Ms(), f.creationLatency().maxMs()));
        FlashSaleState state = f.state();
        md.append(fmt("Afterwards (%s): orders of the SKU in order_db %d, stock left %d, failed deductions %d,"
                        + " work orders %d.%n%n", state.settled() ? "settled: every order deducted and reported"
                        : "**not settled** within --drain: work in progress", state.orders(), state.stockLeft(),
                state.failedDeductions(), state.workOrders()));
    }

    private static LimitStep step(LimitsResult limits, String limit, int concurrency) {
        return limits.steps().stream().filter(s -> s.limit().equals(limit) && s.concurrency() == concurrency)
                .findFirst().orElse(null);
    }

    private static String ratio(double ours, LimitStep limit) {
        return ours == 0 || limit == null || limit.perSecond() == 0 ? "-" : fmt("%.2f", ours / limit.perSecond());
    }

    private static void targets(StringBuilder md, List<TargetCheck> targets) {
        md.append("## Targets (issues 13, 16 and 28)\n\n| target | done when | goal | measured | |\n|---|---|---|---:|---|\n");
        for (TargetCheck t : targets) {
            md.append("| ").append(t.target()).append(" | ").append(t.threshold()).append(" | ").append(t.goal())
                    .append(" | ").append(t.measured())
                    .append(" | ").append(switch (t.status()) {
                        case MET -> "met";
                        case MISSED -> "**missed**";
                        case UNDECIDED -> "undecided (run more blocks)";
                        case NOT_MEASURED -> "not measured";
                        case INFORMATION -> "information";
                    }).append(" |\n");
        }
        md.append("\n");
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
