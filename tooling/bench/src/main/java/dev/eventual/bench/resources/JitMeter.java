package dev.eventual.bench.resources;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/**
 * CPU the JIT compilers of the watched JVMs have used: the C1 and C2 compiler threads, read from
 * /proc/&lt;pid&gt;/task/&lt;tid&gt;/stat. A JVM that is still compiling takes whatever CPU is free, and on
 * two cores four Spring JVMs keep compiling for minutes; a step measured meanwhile is charged with
 * it (tooling/bench/results/2026-11-23-profile-low-load-burn.md).
 */
public final class JitMeter {

    private final List<Supplier<Long>> jvms;

    public JitMeter(List<Supplier<Long>> jvms) {
        this.jvms = List.copyOf(jvms);
    }

    /** Compiler-thread CPU of every watched JVM so far, in ticks of 1/100 s. */
    public long ticks() {
        long ticks = 0;
        for (Supplier<Long> jvm : jvms) {
            Long pid = jvm.get();
            if (pid != null && pid > 0) {
                ticks += compilerTicks(pid);
            }
        }
        return ticks;
    }

    private static long compilerTicks(long pid) {
        long ticks = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                if (isCompiler(readQuietly(task.resolve("comm")))) {
                    ticks += ProcSample.cpuTicks(readQuietly(task.resolve("stat")));
                }
            }
        } catch (IOException | RuntimeException e) {
            // the process ended meanwhile: it compiles no more
        }
        return ticks;
    }

    static boolean isCompiler(String comm) {
        return comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre");
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            return "";
        }
    }
}
