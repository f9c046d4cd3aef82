package dev.eventual.consumer.report;

import dev.eventual.common.api.OrderInternalApi;
import org.springframework.cloud.openfeign.FeignClient;

/**
 * order-service, resolved by name through Spring Cloud LoadBalancer. web-support adds the service
 * token header to every call.
 */
@FeignClient(name = "order-service", contextId = "orderStatus")
interface OrderStatusClient extends OrderInternalApi {
}
