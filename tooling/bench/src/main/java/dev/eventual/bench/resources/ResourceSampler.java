package dev.eventual.bench.resources;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Samples once a second, per section: CPU per {@link CpuPart} (schedstat per thread, so the benchmark
 * JVM is split into the broker, the load generator and the rest) and RSS per process. Process ids are
 * asked for at every sample, so a restarted service is followed.
 */
public final class ResourceSampler implements AutoCloseable {

    private final CpuMeter cpu;
    private final Map<CpuPart, Supplier<Long>> memory;
    private final Thread thread;
    private final Map<CpuPart, Accumulator> window = new EnumMap<>(CpuPart.class);
    private String section;
    private long windowStart;
    private long machineTicksAtStart;
    private CpuMeter.Reading last;
    private final List<SectionUsage> finished = new ArrayList<>();

    /**
     * @param cpu    what CPU is read for
     * @param memory the process whose RSS each part's row shows (the benchmark JVM's on the broker's row)
     */
    public ResourceSampler(CpuMeter cpu, Map<CpuPart, Supplier<Long>> memory) {
        this.cpu = cpu;
        this.memory = new EnumMap<>(memory);
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
        last = cpu.read();
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
        window.forEach((part, acc) -> usages.add(acc.usage(part.label(), seconds, machineTicks)));
        SectionUsage usage = new SectionUsage(section, seconds, machineTicks / ProcSample.TICKS_PER_SECOND / seconds,
                usages);
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
        CpuMeter.Reading now = cpu.read();
        now.since(last).nanos().forEach((part, nanos) -> window.computeIfAbsent(part, p -> new Accumulator()).cpu(nanos));
        last = now;
        memory.forEach((part, pid) -> {
            Long id = pid.get();
            if (id != null && id > 0) {
                window.computeIfAbsent(part, p -> new Accumulator()).rss(ProcSample.of(id));
            }
        });
    }

    @Override
    public void close() {
        thread.interrupt();
    }

    private static final class Accumulator {
        long nanos;
        long rssSum;
        long rssPeak;
        int samples;

        void cpu(long used) {
            nanos += used;
        }

        void rss(ProcSample s) {
            if (s == ProcSample.GONE) {
                return;
            }
            rssSum += s.rssKib();
            rssPeak = Math.max(rssPeak, s.rssKib());
            samples++;
        }

        ProcessUsage usage(String name, double seconds, long machineTicks) {
            double cpuSeconds = nanos / 1e9;
            return new ProcessUsage(name, cpuSeconds / seconds,
                    machineTicks == 0 ? 0 : cpuSeconds * ProcSample.TICKS_PER_SECOND / machineTicks,
                    samples == 0 ? 0 : rssSum / 1024.0 / samples, rssPeak / 1024.0);
        }
    }
}
