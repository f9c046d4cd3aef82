package dev.eventual.bench.resources;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** One reading of /proc for a process: CPU ticks (user + system) and resident set size. */
record ProcSample(long cpuTicks, long rssKib) {

    static final ProcSample GONE = new ProcSample(0, 0);
    /** USER_HZ: the unit of /proc's tick counts. */
    static final double TICKS_PER_SECOND = 100.0;

    static ProcSample of(long pid) {
        try {
            long ticks = cpuTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
            return new ProcSample(ticks, rssKib(Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))));
        } catch (IOException | RuntimeException e) {
            return GONE;
        }
    }

    /** utime + stime of a /proc .../stat line (a process's or a thread's); 0 when it cannot be read. */
    static long cpuTicks(String stat) {
        if (stat.isEmpty()) {
            return 0;
        }
        // fields after the command name, which is in parentheses and may contain spaces
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /** Busy ticks of the whole machine (all CPUs): everything but idle and iowait. */
    static long machineBusyTicks() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long busy = 0;
            for (int i = 1; i < f.length && i <= 8; i++) {
                if (i != 4 && i != 5) {
                    busy += Long.parseLong(f[i]);
                }
            }
            return busy;
        } catch (IOException e) {
            return 0;
        }
    }

    private static long rssKib(List<String> status) {
        for (String line : status) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return 0;
    }
}
