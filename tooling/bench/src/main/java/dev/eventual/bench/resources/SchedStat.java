package dev.eventual.bench.resources;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Nanoseconds on CPU per thread of a process, from /proc/&lt;pid&gt;/task/&lt;tid&gt;/schedstat (first field)
 * and the thread's name from .../comm. Finer than the 10 ms ticks of /proc/&lt;pid&gt;/stat, and per thread,
 * so one JVM that hosts several parts (the broker, the load generator) can be split by thread name.
 */
public final class SchedStat {

    private SchedStat() {
    }

    /** One thread at one moment. */
    record ThreadTime(String name, long nanos) {
    }

    /** Every live thread of the process by tid; empty when the process is gone. */
    static Map<Long, ThreadTime> threads(long pid) {
        Map<Long, ThreadTime> threads = new HashMap<>();
        if (pid <= 0) {
            return threads;
        }
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                try {
                    long nanos = onCpuNanos(Files.readString(task.resolve("schedstat")));
                    threads.put(Long.parseLong(task.getFileName().toString()),
                            new ThreadTime(Files.readString(task.resolve("comm")).strip(), nanos));
                } catch (IOException | RuntimeException e) {
                    // the thread ended between the listing and the read
                }
            }
        } catch (IOException | RuntimeException e) {
            // the process ended: nothing to count
        }
        return threads;
    }

    /** The first field of a schedstat line: time spent on the CPU, in nanoseconds. */
    static long onCpuNanos(String schedstat) {
        String line = schedstat.strip();
        int space = line.indexOf(' ');
        return Long.parseLong(space < 0 ? line : line.substring(0, space));
    }
}
