package dev.eventual.common.api;

import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;

/** order-service's internal API (service token required). */
public interface OrderInternalApi {

    /** Idempotent and monotonic: a late PROCESSING never overwrites SUCCESS. Answers 204. */
    @PostMapping("/internal/orders/{orderId}/consumer-status")
    void reportConsumerStatus(@PathVariable("orderId") String orderId, @RequestBody ConsumerStatusReport report);
}
