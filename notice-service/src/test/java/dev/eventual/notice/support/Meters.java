package dev.eventual.notice.support;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/** Reads the service's counters (0 when a counter was never incremented). */
public final class Meters {

    private Meters() {
    }

    public static double count(MeterRegistry registry, String name, String... tags) {
        return registry.find(name).tags(tags).counters().stream().mapToDouble(Counter::count).sum();
    }
}
