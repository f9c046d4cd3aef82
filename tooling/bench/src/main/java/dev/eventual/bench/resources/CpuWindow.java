package dev.eventual.bench.resources;

import java.util.EnumMap;
import java.util.Map;

/** CPU nanoseconds each part used over a window of {@code seconds}. */
public record CpuWindow(double seconds, Map<CpuPart, Long> nanos) {

    public CpuWindow {
        nanos = nanos.isEmpty() ? new EnumMap<>(CpuPart.class) : new EnumMap<>(nanos);
    }

    public long nanos(CpuPart part) {
        return nanos.getOrDefault(part, 0L);
    }

    /** The system under test: services, mariadbd, redis-server and the broker's threads. */
    public long sutNanos() {
        return nanos.entrySet().stream().filter(e -> e.getKey().sut()).mapToLong(Map.Entry::getValue).sum();
    }

    /** This window minus an idle one scaled to this window's length (timers, heartbeats, pulls, JIT). */
    public CpuWindow minusIdle(CpuWindow idle) {
        Map<CpuPart, Long> net = new EnumMap<>(CpuPart.class);
        double scale = idle.seconds == 0 ? 0 : seconds / idle.seconds;
        nanos.forEach((part, used) -> net.put(part, used - Math.round(idle.nanos(part) * scale)));
        return new CpuWindow(seconds, net);
    }
}
