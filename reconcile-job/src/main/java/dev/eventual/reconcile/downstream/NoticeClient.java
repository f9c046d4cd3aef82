package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.NoticeInternalApi;
import org.springframework.cloud.openfeign.FeignClient;

@FeignClient(name = "notice-service", contextId = "notice")
public interface NoticeClient extends NoticeInternalApi {
}
