package dev.eventual.bench.resources;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Reads, at any moment, the CPU every {@link CpuPart} has used so far, from schedstat per thread. A
 * window is the difference of two readings, thread by thread: a thread that ended inside the window
 * takes its time with it (rare: the pools here are long-lived), a thread born inside counts from 0.
 */
public final class CpuMeter {

    private final Map<CpuPart, Supplier<List<Long>>> processes;
    private final Supplier<Long> benchJvm;

    /**
     * @param processes parts that are processes of their own, to a supplier of their pids (none while not
     *                  running; several for mariadbd when order_db is split across servers)
     * @param benchJvm  this JVM, split by thread name into broker, load generator and the rest
     */
    public CpuMeter(Map<CpuPart, Supplier<List<Long>>> processes, Supplier<Long> benchJvm) {
        this.processes = new EnumMap<>(processes);
        this.benchJvm = benchJvm;
    }

    public Reading read() {
        Map<ThreadKey, Long> threads = new HashMap<>();
        processes.forEach((part, pids) -> {
            for (long id : pids.get()) {
                SchedStat.threads(id).forEach((tid, t) -> threads.put(new ThreadKey(part, id, tid), t.nanos()));
            }
        });
        long self = benchJvm.get();
        SchedStat.threads(self).forEach((tid, t) ->
                threads.put(new ThreadKey(CpuPart.ofBenchThread(t.name()), self, tid), t.nanos()));
        return new Reading(System.nanoTime(), threads);
    }

    /** Names of this JVM's live threads by part, for checking the split by name. */
    public Map<CpuPart, SortedSet<String>> benchThreadNames() {
        Map<CpuPart, SortedSet<String>> names = new EnumMap<>(CpuPart.class);
        SchedStat.threads(benchJvm.get()).values().forEach(t -> names.computeIfAbsent(CpuPart.ofBenchThread(t.name()),
                p -> new TreeSet<>()).add(t.name().replaceAll("\\d+", "#")));
        return names;
    }

    record ThreadKey(CpuPart part, long pid, long tid) {
    }

    /** Cumulative CPU per thread at one moment. */
    public record Reading(long atNanos, Map<ThreadKey, Long> threads) {

        /** CPU nanoseconds per part from {@code earlier} to this reading. */
        public CpuWindow since(Reading earlier) {
            Map<CpuPart, Long> nanos = new EnumMap<>(CpuPart.class);
            threads.forEach((key, now) -> {
                Long before = earlier.threads.get(key);
                // a smaller count means the tid was reused by a new thread: it counts from 0
                long used = before == null || before > now ? now : now - before;
                nanos.merge(key.part(), used, Long::sum);
            });
            return new CpuWindow((atNanos - earlier.atNanos) / 1e9, nanos);
        }
    }
}
