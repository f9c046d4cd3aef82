package dev.eventual.bench.cost;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * One closed-loop wrk step of a block. Its CPU window runs from just before wrk starts until it exits,
 * and for orders on until both consumers reported every order the step placed (at most --drain).
 *
 * @param units           refusals (409), reads (200) or orders (201; consistent when {@code settled})
 * @param seconds         the CPU window
 * @param sutCpuMs        the system under test's CPU over the window (schedstat; /proc with --layout=local), gross: no idle subtracted
 * @param benchOtherCpuMs the benchmark JVM's own threads (runtime, auth server, the wait for consistency; all
 *                        of it with --layout=local)
 * @param boxCpuMs        the box's busy time over the window (/proc/stat) minus wrk's own CPU
 * @param interruptMs     of that, the kernel's irq and softirq time (/proc/stat)
 * @param settled         for orders: both consumers reported every order within --drain
 * @param sutCpuMsByPart  the SUT CPU over the window by process ({@code CpuPart} labels); empty with --layout=local,
 *                        whose services share one JVM
 */
public record ClosedLoopStep(StepKind kind, int connections, WrkOutput wrk, long units, double seconds,
                             double sutCpuMs, double benchOtherCpuMs, double boxCpuMs, double interruptMs,
                             boolean settled, Map<String, Double> sutCpuMsByPart) {

    /** Closed-loop steps by connections (issue 41: c = 16 and 64). */
    public static final List<Integer> CONNECTIONS = List.of(16, 64);
    /** The p99 and refusals/s targets are judged at this step (issue 41: "refusals/s wrk c=16"). */
    public static final int TARGET_CONNECTIONS = 16;
    /** Above this share of the box's CPU outside the per-process sum, the report says where it went (issue 41). */
    public static final double UNACCOUNTED_LIMIT = 0.10;

    /** Units per second: over wrk's run, for orders over the whole window (they count once consistent). */
    public double unitsPerSecond() {
        double over = kind == StepKind.ORDER ? seconds : wrk.seconds();
        return over == 0 ? 0 : units / over;
    }

    public double sutCpuMsPerUnit() {
        return units == 0 ? Double.NaN : sutCpuMs / units;
    }

    /** The box's CPU outside the per-process sum (SUT), as a share of the box's: positive when processes miss some. */
    public double unaccountedShare() {
        return boxCpuMs <= 0 ? Double.NaN : (boxCpuMs - sutCpuMs) / boxCpuMs;
    }

    /** The step of {@code kind} whose throughput is highest: its saturation step; null when none ran. */
    static ClosedLoopStep saturation(List<ClosedLoopStep> steps, StepKind kind) {
        return steps.stream().filter(s -> s.kind == kind)
                .max(Comparator.comparingDouble(ClosedLoopStep::unitsPerSecond)).orElse(null);
    }

    static ClosedLoopStep at(List<ClosedLoopStep> steps, StepKind kind, int connections) {
        return steps.stream().filter(s -> s.kind == kind && s.connections == connections).findFirst().orElse(null);
    }
}
