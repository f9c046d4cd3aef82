package dev.eventual.common.api;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;

/** inventory-service's internal API (service token required), used by the reconcile job. */
public interface InventoryInternalApi {

    /** SUCCESS / FAIL / RELEASED / NOT_FOUND per order. */
    @PostMapping("/internal/inventory/status")
    BatchStatusResponse status(@RequestBody BatchStatusRequest request);

    /** Deducts for an order it never saw, re-attempts a FAIL, leaves anything else as it is. */
    @PostMapping("/internal/inventory/retry")
    RedriveResult retry(@RequestBody OrderCreatedEvent event);

    /** Releases a deduction once, or fences the order when nothing was deducted yet. */
    @PostMapping("/internal/inventory/release")
    RedriveResult release(@RequestBody OrderCanceledEvent event);
}
