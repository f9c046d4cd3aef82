package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.ConsumerStatusBatchReport;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.reconcile.scan.DueRow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Gives order-service the consumer statuses it missed: when the consumers applied an event but
 * their reports never arrived (order-service was down, a report timed out, or the row came due
 * first), the reconcile job, having seen the effects downstream, reports them on the consumers'
 * behalf through order-service's monotonic batch endpoint, so the orders' view agrees with what
 * happened. One call per consumer group and event type covers a whole page.
 */
@Component
public class ConsumerStatusRepair {

    private static final Logger log = LoggerFactory.getLogger(ConsumerStatusRepair.class);
    private static final String DETAIL = "applied; reported by reconciliation";

    private final OrderStatusClient orders;

    public ConsumerStatusRepair(OrderStatusClient orders) {
        this.orders = orders;
    }

    /** @return false when order-service could not be told (the caller tries again later) */
    public boolean recordApplied(List<DueRow> rows) {
        Map<OrderEventType, List<String>> byEvent = rows.stream().collect(Collectors.groupingBy(DueRow::eventType,
                Collectors.mapping(row -> Long.toString(row.orderId()), Collectors.toList())));
        try {
            byEvent.forEach((eventType, orderIds) -> {
                for (int from = 0; from < orderIds.size(); from += ConsumerStatusBatchReport.MAX_ORDER_IDS) {
                    List<String> chunk = orderIds.subList(from,
                            Math.min(orderIds.size(), from + ConsumerStatusBatchReport.MAX_ORDER_IDS));
                    for (String group : OrderMessaging.EXPECTED_CONSUMER_GROUPS) {
                        orders.reportConsumerStatuses(new ConsumerStatusBatchReport(eventType, group,
                                ConsumeStatus.SUCCESS, DETAIL, chunk));
                    }
                }
            });
        } catch (RuntimeException e) {
            rows.forEach(row -> log.warn("Order {}: could not record the consumers' statuses for {}, the next run"
                    + " tries again: {}", row.orderId(), row.eventType(), e.toString()));
            return false;
        }
        rows.forEach(row -> log.info("Order {}: {} applied by every consumer; statuses recorded on their behalf",
                row.orderId(), row.eventType()));
        return true;
    }
}
