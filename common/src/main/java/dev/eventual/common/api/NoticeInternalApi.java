package dev.eventual.common.api;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;

/** notice-service's internal API (service token required), used by the reconcile job. */
public interface NoticeInternalApi {

    /** The order-created notice's status per order: SUCCESS / FAIL / PROCESSING / NOT_FOUND. */
    @PostMapping("/internal/notices/status")
    BatchStatusResponse status(@RequestBody BatchStatusRequest request);

    /** Sends the order-created notice unless it already succeeded. */
    @PostMapping("/internal/notices/order-created/retry")
    RedriveResult retryCreated(@RequestBody OrderCreatedEvent event);

    /** Sends the order-canceled notice unless it already succeeded. */
    @PostMapping("/internal/notices/order-canceled/retry")
    RedriveResult retryCanceled(@RequestBody OrderCanceledEvent event);
}
