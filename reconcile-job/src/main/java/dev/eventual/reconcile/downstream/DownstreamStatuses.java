package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.BatchStatusRequest;
import dev.eventual.common.api.BatchStatusResponse;
import dev.eventual.common.status.DownstreamStatus;
import org.springframework.stereotype.Component;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** One batch status call per page and service (never one per order). Failures propagate: the run defers the page. */
@Component
public class DownstreamStatuses {

    private final InventoryClient inventory;
    private final NoticeClient notice;

    public DownstreamStatuses(InventoryClient inventory, NoticeClient notice) {
        this.inventory = inventory;
        this.notice = notice;
    }

    public Map<Long, DownstreamStatus> inventory(List<Long> orderIds) {
        return orderIds.isEmpty() ? Map.of() : parse(inventory.status(request(orderIds)));
    }

    /** The order-created notice of each order. */
    public Map<Long, DownstreamStatus> createdNotices(List<Long> orderIds) {
        return orderIds.isEmpty() ? Map.of() : parse(notice.status(request(orderIds)));
    }

    private static BatchStatusRequest request(List<Long> orderIds) {
        return new BatchStatusRequest(orderIds.stream().distinct().map(String::valueOf).toList());
    }

    private static Map<Long, DownstreamStatus> parse(BatchStatusResponse response) {
        Map<Long, DownstreamStatus> statuses = new HashMap<>();
        response.statuses().forEach((id, status) -> statuses.put(Long.parseLong(id), status));
        return statuses;
    }
}
