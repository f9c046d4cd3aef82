package dev.eventual.reconcile.timeout;

import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;

/**
 * order-service's public cancel, asked to cancel only an order still CREATED: a payment that commits
 * first makes it answer 409 instead of canceling a paid order.
 */
@FeignClient(name = "order-service", contextId = "orderUnpaidCancel")
public interface UnpaidOrderCancelClient {

    @PostMapping("/api/orders/{orderId}/cancel")
    void cancel(@PathVariable("orderId") String orderId, @RequestBody CancelRequest request);

    record CancelRequest(String reason, String expectedStatus) {
    }
}
