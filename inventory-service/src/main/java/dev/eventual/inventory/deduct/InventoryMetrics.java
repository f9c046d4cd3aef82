package dev.eventual.inventory.deduct;

import dev.eventual.common.messaging.OrderEventType;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * inventory-service's meters; names are documented in docs/inventory-service.md. Every series is
 * registered at start, at 0 (every event with every outcome, a few of which never occur): the
 * dashboard's rate() needs a sample before the first event, or it misses the burst that creates the series.
 */
@Component
public class InventoryMetrics {

    /** Why an event was not applied: the {@code reason} of {@code eventual.inventory.failures}. */
    public enum Failure {
        /** The database could not be reached: the broker will redeliver. */
        TECHNICAL,
        /** Not an order event: acknowledged and dropped. */
        MALFORMED;

        public String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Map<OrderEventType, Map<DeductStatus, Counter>> consumed = new EnumMap<>(OrderEventType.class);
    private final Map<OrderEventType, Counter> duplicates = new EnumMap<>(OrderEventType.class);
    private final Map<OrderEventType, Counter> refusals = new EnumMap<>(OrderEventType.class);
    private final Map<Failure, Counter> failures = new EnumMap<>(Failure.class);
    private final Counter redeliveries;

    public InventoryMetrics(MeterRegistry registry) {
        for (OrderEventType event : OrderEventType.values()) {
            Map<DeductStatus, Counter> byOutcome = new EnumMap<>(DeductStatus.class);
            for (DeductStatus outcome : DeductStatus.values()) {
                byOutcome.put(outcome, registry.counter("eventual.inventory.consumed", "event", event.name(),
                        "outcome", outcome.name()));
            }
            consumed.put(event, byOutcome);
            duplicates.put(event, registry.counter("eventual.inventory.duplicates", "event", event.name()));
            refusals.put(event, Counter.builder("eventual.inventory.refused").tag("event", event.name())
                    .description("events refused as older than the retention, their record missing (docs/retention.md)")
                    .register(registry));
        }
        for (Failure reason : Failure.values()) {
            failures.put(reason, registry.counter("eventual.inventory.failures", "reason", reason.tag()));
        }
        redeliveries = registry.counter("eventual.inventory.redeliveries");
    }

    public void handled(OrderEventType event, DeductOutcome outcome) {
        if (outcome.duplicate()) {
            duplicates.get(event).increment();
        } else {
            consumed.get(event).get(outcome.status()).increment();
            if (outcome.status() == DeductStatus.REFUSED) {
                refusals.get(event).increment();
            }
        }
    }

    public void failure(Failure reason) {
        failures.get(reason).increment();
    }

    public void redelivered() {
        redeliveries.increment();
    }
}
