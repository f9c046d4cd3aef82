package dev.eventual.reconcile.retention;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * order_db's retention as metrics, under the names the consumers' cleanups publish theirs (docs/retention.md), each
 * tagged {@code table}: {@code eventual.retention.removed} (rows deleted), {@code eventual.retention.oldest.age}
 * (seconds: the oldest row left on the servers the last run worked; 0 when none is left, or when the run worked no
 * server, so an executor whose shard has none does not repeat an old figure) and {@code eventual.retention.keep}
 * (seconds). Every series exists from the start. The alert {@code RetentionBehind} fires when the oldest age passes
 * twice the retention. The audit rows go with their work orders, so their table has the removed count only.
 */
@Component
class RetentionMeters {

    static final String HISTORY = "message_log_hist";
    static final String WORK_ORDERS = "reconcile_work_order";
    static final String AUDIT = "reconcile_work_order_audit";

    private final Map<String, Counter> removed = new HashMap<>();
    private final Map<String, AtomicLong> oldestAgeSeconds = new HashMap<>();

    RetentionMeters(MeterRegistry registry, RetentionProperties retention) {
        kept(registry, HISTORY, retention.history());
        kept(registry, WORK_ORDERS, retention.resolvedWorkOrders());
        removed.put(AUDIT, removedCounter(registry, AUDIT));
    }

    private void kept(MeterRegistry registry, String table, Duration keep) {
        removed.put(table, removedCounter(registry, table));
        AtomicLong oldest = new AtomicLong();
        oldestAgeSeconds.put(table, oldest);
        Gauge.builder("eventual.retention.oldest.age", oldest, AtomicLong::get).tag("table", table)
                .baseUnit("seconds").description("age of the oldest record left by the last cleanup")
                .register(registry);
        long keepSeconds = keep.toSeconds();
        Gauge.builder("eventual.retention.keep", () -> keepSeconds).tag("table", table).baseUnit("seconds")
                .description("the table's retention").register(registry);
    }

    private static Counter removedCounter(MeterRegistry registry, String table) {
        return Counter.builder("eventual.retention.removed").tag("table", table)
                .description("records deleted past their retention").register(registry);
    }

    void removed(String table, long rows) {
        removed.get(table).increment(rows);
    }

    /** @param age null when no row is left (or none was looked at) */
    void oldest(String table, Duration age) {
        oldestAgeSeconds.get(table).set(age == null ? 0 : Math.max(0, age.toSeconds()));
    }
}
