package dev.eventual.consumer.retention;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One table's cleanup as metrics (docs/retention.md): {@code eventual.retention.removed} (records deleted),
 * {@code eventual.retention.oldest.age} (seconds, the oldest record left when the last cleanup ended; 0 for an
 * empty table) and {@code eventual.retention.keep} (seconds), each tagged {@code table}. The alert
 * {@code RetentionBehind} fires when the oldest age passes twice the retention: cleanup is not keeping up.
 */
public final class RetentionMeters {

    private final Counter removed;
    private final AtomicLong oldestAgeSeconds = new AtomicLong();

    public RetentionMeters(MeterRegistry registry, String table, Duration keep) {
        this.removed = Counter.builder("eventual.retention.removed").tag("table", table)
                .description("records deleted past their retention").register(registry);
        Gauge.builder("eventual.retention.oldest.age", oldestAgeSeconds, AtomicLong::get).tag("table", table)
                .baseUnit("seconds").description("age of the oldest record left by the last cleanup")
                .register(registry);
        long keepSeconds = keep.toSeconds();
        Gauge.builder("eventual.retention.keep", () -> keepSeconds).tag("table", table).baseUnit("seconds")
                .description("the table's retention").register(registry);
    }

    public void removed(long records) {
        removed.increment(records);
    }

    /** @param age null for an empty table */
    public void oldest(Duration age) {
        oldestAgeSeconds.set(age == null ? 0 : Math.max(0, age.toSeconds()));
    }
}
