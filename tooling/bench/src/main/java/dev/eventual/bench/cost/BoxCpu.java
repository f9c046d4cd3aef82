package dev.eventual.bench.cost;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The first line of /proc/stat, in clock ticks: the box's busy time (user, nice, system, irq, softirq;
 * guest time is already inside user), the kernel's interrupt work (irq + softirq, where much of the
 * loopback network's work lands and no process's schedstat sees it), the time the hypervisor stole, and
 * all of it (idle and iowait too).
 */
public record BoxCpu(long busy, long interrupts, long stolen, long total) {

    /** USER_HZ: the tick of /proc/stat, 100 on every Linux architecture the suite runs on. */
    static final double MS_PER_TICK = 10;

    public static BoxCpu now() {
        try {
            return parse(Files.readAllLines(Path.of("/proc/stat")).get(0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static BoxCpu parse(String cpuLine) {
        String[] f = cpuLine.trim().split("\\s+");
        long[] t = new long[9];
        // cpu user nice system idle iowait irq softirq steal
        for (int i = 1; i <= 8 && i < f.length; i++) {
            t[i] = Long.parseLong(f[i]);
        }
        long interrupts = t[6] + t[7];
        return new BoxCpu(t[1] + t[2] + t[3] + interrupts, interrupts, t[8],
                t[1] + t[2] + t[3] + t[4] + t[5] + interrupts + t[8]);
    }

    /** Stolen share of all CPU time since {@code earlier}, in percent. */
    public double stealPercentSince(BoxCpu earlier) {
        long all = total - earlier.total;
        return all <= 0 ? 0 : 100.0 * (stolen - earlier.stolen) / all;
    }

    double busyMsSince(BoxCpu earlier) {
        return (busy - earlier.busy) * MS_PER_TICK;
    }

    double interruptMsSince(BoxCpu earlier) {
        return (interrupts - earlier.interrupts) * MS_PER_TICK;
    }
}
