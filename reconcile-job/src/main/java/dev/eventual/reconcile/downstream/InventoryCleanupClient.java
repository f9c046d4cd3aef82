package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.InventoryInternalApi;
import org.springframework.cloud.openfeign.FeignClient;

/**
 * inventory-service's internal API for its {@code cleanup} only (docs/retention.md), on a Feign client of its own: a
 * cleanup call deletes for up to the service's budget (20 s by default) before it answers, far longer than
 * {@link InventoryClient}'s status and re-drive calls may take, so it has a read timeout of its own
 * ({@code spring.cloud.openfeign.client.config.inventoryCleanup} in reconcile-job.yml).
 */
@FeignClient(name = "inventory-service", contextId = "inventoryCleanup")
public interface InventoryCleanupClient extends InventoryInternalApi {
}
