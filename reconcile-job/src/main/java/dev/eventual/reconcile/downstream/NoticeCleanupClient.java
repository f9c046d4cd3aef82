package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.NoticeInternalApi;
import org.springframework.cloud.openfeign.FeignClient;

/**
 * notice-service's internal API for its {@code cleanup} only (docs/retention.md), on a Feign client of its own with
 * a longer read timeout than {@link NoticeClient}'s, as {@link InventoryCleanupClient} says why
 * ({@code spring.cloud.openfeign.client.config.noticeCleanup} in reconcile-job.yml).
 */
@FeignClient(name = "notice-service", contextId = "noticeCleanup")
public interface NoticeCleanupClient extends NoticeInternalApi {
}
