package dev.eventual.bench.resources;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Samples /proc once a second for the watched processes (the service JVMs, mariadbd, this JVM with the
 * broker and the load generator) and sums CPU ticks and RSS per section. Process ids are asked for at
 * every sample, so a restarted service is followed.
 */
public final class ResourceSampler implements AutoCloseable {

    private static final double TICKS_PER_SECOND = 100.0;

    private final Map<String, Supplier<Long>> pids;
    private final Thread thread;
    private final Map<String, Accumulator> window = new LinkedHashMap<>();
    private String section;
    private long windowStart;
    private long machineTicksAtStart;
    private final List<SectionUsage> finished = new ArrayList<>();

    /** @param pids process name to a supplier of its current pid (or -1 when not running) */
    public ResourceSampler(Map<String, Supplier<Long>> pids) {
        this.pids = new LinkedHashMap<>(pids);
        this.thread = new Thread(this::loop, "bench-resource-sampler");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    public synchronized void begin(String name) {
        if (section != null) {
            end();
        }
        section = name;
        windowStart = System.nanoTime();
        machineTicksAtStart = ProcSample.machineBusyTicks();
        window.clear();
        sample();
    }

    /** @return the window just ended (null when none was open) */
    public synchronized SectionUsage end() {
        if (section == null) {
            return null;
        }
        sample();
        double seconds = (System.nanoTime() - windowStart) / 1e9;
        long machineTicks = ProcSample.machineBusyTicks() - machineTicksAtStart;
        List<ProcessUsage> usages = new ArrayList<>();
        window.forEach((name, acc) -> usages.add(acc.usage(name, seconds, machineTicks)));
        SectionUsage usage = new SectionUsage(section, seconds, machineTicks / TICKS_PER_SECOND / seconds, usages);
        finished.add(usage);
        section = null;
        return usage;
    }

    public synchronized List<SectionUsage> sections() {
        return List.copyOf(finished);
    }

    private void loop() {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                return;
            }
            synchronized (this) {
                if (section != null) {
                    sample();
                }
            }
        }
    }

    private void sample() {
        pids.forEach((name, pid) -> {
            Long id = pid.get();
            if (id != null && id > 0) {
                window.computeIfAbsent(name, n -> new Accumulator()).add(ProcSample.of(id));
            }
        });
    }

    @Override
    public void close() {
        thread.interrupt();
    }

    /** CPU: first to last tick count (a restart resets a process's ticks: only increases are summed). */
    private static final class Accumulator {
        long lastTicks = -1;
        long ticks;
        long rssSum;
        long rssPeak;
        int samples;

        void add(ProcSample s) {
            if (s == ProcSample.GONE) {
                return;
            }
            if (lastTicks >= 0 && s.cpuTicks() >= lastTicks) {
                ticks += s.cpuTicks() - lastTicks;
            }
            lastTicks = s.cpuTicks();
            rssSum += s.rssKib();
            rssPeak = Math.max(rssPeak, s.rssKib());
            samples++;
        }

        ProcessUsage usage(String name, double seconds, long machineTicks) {
            return new ProcessUsage(name, ticks / TICKS_PER_SECOND / seconds,
                    machineTicks == 0 ? 0 : (double) ticks / machineTicks,
                    samples == 0 ? 0 : rssSum / 1024.0 / samples, rssPeak / 1024.0);
        }
    }
}
