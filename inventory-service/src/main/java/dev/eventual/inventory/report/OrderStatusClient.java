package dev.eventual.inventory.report;

import dev.eventual.common.api.OrderInternalApi;
import org.springframework.cloud.openfeign.FeignClient;

/** order-service, resolved by name through Spring Cloud LoadBalancer. */
@FeignClient(name = "order-service", contextId = "orderStatus")
public interface OrderStatusClient extends OrderInternalApi {
}
