package dev.eventual.inventory.deduct;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/** inventory-service's meters; names are documented in docs/inventory-service.md. */
@Component
public class InventoryMetrics {

    private final MeterRegistry registry;

    public InventoryMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    public void handled(String event, DeductOutcome outcome) {
        if (outcome.duplicate()) {
            registry.counter("eventual.inventory.duplicates", "event", event).increment();
        } else {
            registry.counter("eventual.inventory.consumed", "event", event, "outcome", outcome.status().name()).increment();
        }
    }

    /** reason: {@code technical} (the broker will redeliver) or {@code malformed} (acknowledged, dropped). */
    public void failure(String reason) {
        registry.counter("eventual.inventory.failures", "reason", reason).increment();
    }

    public void redelivered() {
        registry.counter("eventual.inventory.redeliveries").increment();
    }
}
