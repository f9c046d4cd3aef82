package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.OrderInternalApi;
import org.springframework.cloud.openfeign.FeignClient;

@FeignClient(name = "order-service", contextId = "orderStatus")
public interface OrderStatusClient extends OrderInternalApi {
}
