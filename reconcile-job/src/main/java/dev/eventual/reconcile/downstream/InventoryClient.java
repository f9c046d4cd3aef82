package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.InventoryInternalApi;
import org.springframework.cloud.openfeign.FeignClient;

@FeignClient(name = "inventory-service", contextId = "inventory")
public interface InventoryClient extends InventoryInternalApi {
}
