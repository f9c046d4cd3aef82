package dev.eventual.order.core.reconcile;

import dev.eventual.common.messaging.OrderEventType;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/** The consumer-status recording's meter; its name is documented in docs/order-service.md. */
@Component
class ConsumerStatusMetrics {

    private final MeterRegistry registry;

    ConsumerStatusMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Events the last consumer group's report settled, so that no reconcile pass had to. */
    void eventsReconciledByReports(OrderEventType eventType, int count) {
        registry.counter("eventual.order.events.reconciled-by-reports", "event", eventType.name()).increment(count);
    }

    /**
     * Finished events a consumer's refusal handed back to reconciliation, {@code from} the message_log ({@code log}) or
     * the archive ({@code archive}): each becomes a work order (docs/retention.md).
     */
    void eventsReopenedByRefusals(OrderEventType eventType, String from, int count) {
        registry.counter("eventual.order.events.reopened-by-refusals", "event", eventType.name(), "from", from)
                .increment(count);
    }
}
