package dev.eventual.notice.redrive;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.DownstreamStatus;
import dev.eventual.notice.store.NoticeLogMapper;
import dev.eventual.notice.store.NoticeStatusRow;
import org.springframework.stereotype.Service;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The order-created notice's status of many orders in one query (the unique key serves the lookup). */
@Service
public class NoticeStatusQuery {

    private final NoticeLogMapper noticeLog;

    public NoticeStatusQuery(NoticeLogMapper noticeLog) {
        this.noticeLog = noticeLog;
    }

    /** One entry per requested id, in request order; ids never seen are NOT_FOUND. */
    public Map<Long, DownstreamStatus> createdNotices(List<Long> orderIds) {
        Map<Long, DownstreamStatus> found = new HashMap<>();
        for (NoticeStatusRow row : noticeLog.statuses(OrderEventType.ORDER_CREATED, orderIds.stream().distinct().toList())) {
            found.put(row.orderId(), row.status().downstream());
        }
        Map<Long, DownstreamStatus> statuses = new LinkedHashMap<>();
        orderIds.forEach(id -> statuses.put(id, found.getOrDefault(id, DownstreamStatus.NOT_FOUND)));
        return statuses;
    }
}
