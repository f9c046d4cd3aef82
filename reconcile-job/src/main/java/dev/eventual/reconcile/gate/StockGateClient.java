package dev.eventual.reconcile.gate;

import dev.eventual.common.api.StockGateApi;
import org.springframework.cloud.openfeign.FeignClient;

@FeignClient(name = "inventory-service", contextId = "stockGate")
public interface StockGateClient extends StockGateApi {
}
