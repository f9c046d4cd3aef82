package dev.eventual.common.api;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;

/**
 * order-service's internal API, as consumers call it: a client token with the reporting group's scope
 * (docs/security.md). The controller declares the same mapping itself ({@link #CONSUMER_REPORTS}), since it
 * also takes who is calling.
 * Bodies are JSON only: without {@code consumes}, any other converter on the classpath (YAML, brought
 * by swagger-core) would read them too, past the strict JSON rules of web-support.
 */
public interface OrderInternalApi {

    String CONSUMER_REPORTS = "/internal/orders/consumer-reports";

    /**
     * One consumer group's outcomes for many events, each its own (how consumers send their coalesced
     * reports), in one transaction; idempotent and monotonic (a late PROCESSING never overwrites SUCCESS);
     * unknown orders are named in the answer rather than failing the batch.
     */
    @PostMapping(path = CONSUMER_REPORTS, consumes = MediaType.APPLICATION_JSON_VALUE)
    ConsumerStatusBatchResult reportConsumerOutcomes(@RequestBody ConsumerReports reports);
}
