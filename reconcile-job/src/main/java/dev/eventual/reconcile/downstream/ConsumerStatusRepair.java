package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.ConsumerStatusReport;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.order.core.reconcile.ConsumerStatusRecorder;
import dev.eventual.order.core.reconcile.ReconcilePages.DueRow;
import dev.eventual.tracing.OrderTraces;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Records the consumer statuses order_db missed: when the consumers applied an event but their
 * reports never arrived (order-service was down, a report timed out, or the row came due first), the
 * reconcile job, having seen the effects downstream, records them on the consumers' behalf with the
 * same monotonic recording order-service uses for their reports (order-core), so the orders' view
 * agrees with what happened. One transaction per consumer group and event type covers a whole page;
 * each order's record continues its stored trace, and each row's outcome is logged in it
 * (docs/tracing.md).
 */
@Component
public class ConsumerStatusRepair {

    private static final Logger log = LoggerFactory.getLogger(ConsumerStatusRepair.class);
    private static final String DETAIL = "applied; reported by reconciliation";

    private final ConsumerStatusRecorder recorder;
    private final OrderTraces traces;

    public ConsumerStatusRepair(ConsumerStatusRecorder recorder, OrderTraces traces) {
        this.recorder = recorder;
        this.traces = traces;
    }

    /** @return false when the statuses could not be recorded (the caller tries again later) */
    public boolean recordApplied(List<DueRow> rows) {
        Map<OrderEventType, List<DueRow>> byEvent = rows.stream().collect(Collectors.groupingBy(DueRow::eventType));
        try {
            byEvent.forEach((eventType, ofType) -> {
                // a row without a usable stored trace continues none (the recording refuses a malformed one)
                Map<Long, String> traceparents = new HashMap<>();
                ofType.forEach(row -> traceparents.put(row.orderId(),
                        OrderTraces.valid(row.traceParent()) ? row.traceParent() : null));
                for (String group : OrderMessaging.EXPECTED_CONSUMER_GROUPS) {
                    recorder.recordAll(traceparents, new ConsumerStatusReport(eventType, group, ConsumeStatus.SUCCESS,
                            DETAIL));
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
