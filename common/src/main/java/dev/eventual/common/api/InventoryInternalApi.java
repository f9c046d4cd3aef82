package dev.eventual.common.api;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;

/**
 * inventory-service's internal API, used by the reconcile job with its client's scope inventory.redrive.
 * Bodies are JSON only: without {@code consumes}, any other converter on the classpath (YAML, brought
 * by swagger-core) would read them too, past the strict JSON rules of web-support.
 */
public interface InventoryInternalApi {

    /** SUCCESS / FAIL / RELEASED / NOT_FOUND per order. */
    @PostMapping(path = "/internal/inventory/status", consumes = MediaType.APPLICATION_JSON_VALUE)
    BatchStatusResponse status(@RequestBody BatchStatusRequest request);

    /**
     * For each event of the batch, in order: deducts for an order it never saw, re-attempts a FAIL, leaves
     * anything else as it is; a result per event.
     */
    @PostMapping(path = "/internal/inventory/retries", consumes = MediaType.APPLICATION_JSON_VALUE)
    RedriveResults retryAll(@RequestBody RedriveBatch<OrderCreatedEvent> batch);

    /**
     * For each event of the batch, in order: releases a deduction once, or fences the order when nothing
     * was deducted yet; a result per event.
     */
    @PostMapping(path = "/internal/inventory/releases", consumes = MediaType.APPLICATION_JSON_VALUE)
    RedriveResults releaseAll(@RequestBody RedriveBatch<OrderCanceledEvent> batch);

    /**
     * Deletes inventory_deduct_log records untouched for longer than the service's retention, in bounded batches, oldest
     * first; refused (409) while the retention does not outlive the caller's horizon (docs/retention.md).
     */
    @PostMapping(path = "/internal/inventory/cleanup", consumes = MediaType.APPLICATION_JSON_VALUE)
    CleanupResult cleanup(@RequestBody CleanupRequest request);
}
