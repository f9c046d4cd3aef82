package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.ConsumerStatusBatchReport;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.reconcile.scan.DueRow;
import dev.eventual.tracing.OrderTraces;
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
 * happened. One call per consumer group and event type covers a whole page; each order's report
 * carries its stored trace, and each row's outcome is logged in it (docs/tracing.md).
 */
@Component
public class ConsumerStatusRepair {

    private static final Logger log = LoggerFactory.getLogger(ConsumerStatusRepair.class);
    private static final String DETAIL = "applied; reported by reconciliation";

    private final OrderStatusClient orders;
    private final OrderTraces traces;

    public ConsumerStatusRepair(OrderStatusClient orders, OrderTraces traces) {
        this.orders = orders;
        this.traces = traces;
    }

    /** @return false when order-service could not be told (the caller tries again later) */
    public boolean recordApplied(List<DueRow> rows) {
        Map<OrderEventType, List<DueRow>> byEvent = rows.stream().collect(Collectors.groupingBy(DueRow::eventType));
        try {
            byEvent.forEach((eventType, ofType) -> {
                for (int from = 0; from < ofType.size(); from += ConsumerStatusBatchReport.MAX_ORDER_IDS) {
                    List<DueRow> chunk = ofType.subList(from,
                            Math.min(ofType.size(), from + ConsumerStatusBatchReport.MAX_ORDER_IDS));
                    List<String> orderIds = chunk.stream().map(row -> Long.toString(row.orderId())).toList();
                    // by position; a row without a usable stored trace has a null entry (order-service refuses a
                    // malformed one, and with it the whole report)
                    List<String> traceparents = chunk.stream()
                            .map(row -> OrderTraces.valid(row.traceParent()) ? row.traceParent() : null)
                            .collect(Collectors.toList());
                    for (String group : OrderMessaging.EXPECTED_CONSUMER_GROUPS) {
                        orders.reportConsumerStatuses(new ConsumerStatusBatchReport(eventType, group,
                                ConsumeStatus.SUCCESS, DETAIL, orderIds, traceparents));
                    }
                }
            });
        } catch (RuntimeException e) {
            rows.forEach(row -> {
                try (OrderTraces.OrderScope scope = inTrace(row)) {
                    log.warn("Order {}: could not record the consumers' statuses for {}, the next run tries again: {}",
                            row.orderId(), row.eventType(), e.toString());
                }
            });
            return false;
        }
        rows.forEach(row -> {
            try (OrderTraces.OrderScope scope = inTrace(row)) {
                log.info("Order {}: {} applied by every consumer; statuses recorded on their behalf", row.orderId(),
                        row.eventType());
            }
        });
        return true;
    }

    private OrderTraces.OrderScope inTrace(DueRow row) {
        return traces.resume("consumer status repair", row.orderId(), row.traceParent());
    }
}
