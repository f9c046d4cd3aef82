package dev.eventual.common.api;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;

/**
 * order-service's internal API (service token required).
 * Bodies are JSON only: without {@code consumes}, any other converter on the classpath (YAML, brought
 * by swagger-core) would read them too, past the strict JSON rules of web-support.
 */
public interface OrderInternalApi {

    /** Idempotent and monotonic: a late PROCESSING never overwrites SUCCESS. Answers 204. */
    @PostMapping(path = "/internal/orders/{orderId}/consumer-status", consumes = MediaType.APPLICATION_JSON_VALUE)
    void reportConsumerStatus(@PathVariable("orderId") String orderId, @RequestBody ConsumerStatusReport report);

    /**
     * The same report for many orders in one transaction, with the same monotonic rules; unknown
     * orders are named in the answer rather than failing the batch.
     */
    @PostMapping(path = "/internal/orders/consumer-statuses", consumes = MediaType.APPLICATION_JSON_VALUE)
    ConsumerStatusBatchResult reportConsumerStatuses(@RequestBody ConsumerStatusBatchReport batch);

    /**
     * One consumer group's outcomes for many events, each its own (how consumers send their coalesced
     * reports), in one transaction with the same monotonic rules; unknown orders are named in the answer.
     */
    @PostMapping(path = "/internal/orders/consumer-reports", consumes = MediaType.APPLICATION_JSON_VALUE)
    ConsumerStatusBatchResult reportConsumerOutcomes(@RequestBody ConsumerReports reports);
}
