package dev.eventual.bench.cost;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The first line of /proc/stat: all CPU time and the part the hypervisor stole from this VM. */
record Steal(long total, long stolen) {

    static Steal now() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            // user nice system idle iowait irq softirq steal (guest time is already inside user)
            for (int i = 1; i <= 8 && i < f.length; i++) {
                total += Long.parseLong(f[i]);
            }
            return new Steal(total, f.length > 8 ? Long.parseLong(f[8]) : 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stolen share of all CPU time since {@code earlier}, in percent. */
    double percentSince(Steal earlier) {
        long all = total - earlier.total;
        return all <= 0 ? 0 : 100.0 * (stolen - earlier.stolen) / all;
    }
}
