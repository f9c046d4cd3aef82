package dev.eventual.order.config;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

import java.util.EnumMap;
import java.util.Map;

/** order-service's meters; names are documented in docs/order-service.md. */
@Component
public class OrderMetrics {

    private final MeterRegistry registry;
    private final Counter created;
    private final Counter replayed;
    private final Counter refusedAtDoor;
    private final Map<OrderRejection, Counter> rejected = new EnumMap<>(OrderRejection.class);

    public OrderMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.created = Counter.builder("eventual.orders.created").description("orders committed").register(registry);
        this.replayed = Counter.builder("eventual.orders.replayed")
                .description("repeated Idempotency-Key answered with the first order").register(registry);
        this.refusedAtDoor = Counter.builder("eventual.orders.refused-at-door")
                .description("sold-out orders answered ahead of the web stack, also in eventual.orders.rejected").register(registry);
        // every reason from the start: a rate() over a series that appears with its first rejection
        // misses that burst (the dashboard's rejections panel)
        for (OrderRejection reason : OrderRejection.values()) {
            rejected.put(reason, Counter.builder("eventual.orders.rejected").description("orders not placed, by reason")
                    .tag("reason", reason.tag()).register(registry));
        }
    }

    public void orderCreated() {
        created.increment();
    }

    public void orderReplayed() {
        replayed.increment();
    }

    public void orderRejected(OrderRejection reason) {
        rejected.get(reason).increment();
    }

    /** A sold-out order answered at the door (issue 41), besides its rejection. */
    public void refusedAtDoor() {
        refusedAtDoor.increment();
    }

    public void cancelRejected(String reason) {
        registry.counter("eventual.orders.cancel.rejected", "reason", reason).increment();
    }
}
