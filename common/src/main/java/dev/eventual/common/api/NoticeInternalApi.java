package dev.eventual.common.api;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;

/**
 * notice-service's internal API, used by the reconcile job with its client's scope notices.redrive.
 * Bodies are JSON only: without {@code consumes}, any other converter on the classpath (YAML, brought
 * by swagger-core) would read them too, past the strict JSON rules of web-support.
 */
public interface NoticeInternalApi {

    /** The order-created notice's status per order: SUCCESS / FAIL / PROCESSING / NOT_FOUND. */
    @PostMapping(path = "/internal/notices/status", consumes = MediaType.APPLICATION_JSON_VALUE)
    BatchStatusResponse status(@RequestBody BatchStatusRequest request);

    /**
     * Sends the order-created notice of each event of the batch, in order, unless it already succeeded.
     * Stops at the first notice the channel cannot take (answered PROCESSING); the events after it get no result.
     */
    @PostMapping(path = "/internal/notices/order-created/retries", consumes = MediaType.APPLICATION_JSON_VALUE)
    RedriveResults retryAllCreated(@RequestBody RedriveBatch<OrderCreatedEvent> batch);

    /** {@link #retryAllCreated} for cancel notices. */
    @PostMapping(path = "/internal/notices/order-canceled/retries", consumes = MediaType.APPLICATION_JSON_VALUE)
    RedriveResults retryAllCanceled(@RequestBody RedriveBatch<OrderCanceledEvent> batch);

    /**
     * Deletes notice_log records untouched for longer than the service's retention, in bounded batches, oldest
     * first; refused (409) while the retention does not outlive the caller's horizon (docs/retention.md).
     */
    @PostMapping(path = "/internal/notices/cleanup", consumes = MediaType.APPLICATION_JSON_VALUE)
    CleanupResult cleanup(@RequestBody CleanupRequest request);
}
