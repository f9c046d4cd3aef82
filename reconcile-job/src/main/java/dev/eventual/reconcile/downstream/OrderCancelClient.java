package dev.eventual.reconcile.downstream;

import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;

/** order-service's public cancel, for a work order resolved with CANCEL_ORDER. */
@FeignClient(name = "order-service", contextId = "orderCancel")
public interface OrderCancelClient {

    @PostMapping("/api/orders/{orderId}/cancel")
    void cancel(@PathVariable("orderId") String orderId, @RequestBody CancelRequest request);

    record CancelRequest(String reason) {
    }
}
