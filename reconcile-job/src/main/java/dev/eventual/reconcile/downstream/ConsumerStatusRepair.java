package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.ConsumerStatusReport;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.reconcile.scan.DueRow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Gives order-service the consumer statuses it missed: when a consumer applied an event but its
 * report never arrived (order-service was down, the report timed out), the reconcile job, having
 * seen the effect downstream, reports it on the consumer's behalf through the same monotonic
 * endpoint, so the order's view agrees with what happened.
 */
@Component
public class ConsumerStatusRepair {

    private static final Logger log = LoggerFactory.getLogger(ConsumerStatusRepair.class);

    private final OrderStatusClient orders;

    public ConsumerStatusRepair(OrderStatusClient orders) {
        this.orders = orders;
    }

    /** @return false when order-service could not be told (the caller tries again later) */
    public boolean recordApplied(DueRow row) {
        try {
            for (String group : OrderMessaging.EXPECTED_CONSUMER_GROUPS) {
                orders.reportConsumerStatus(Long.toString(row.orderId()), new ConsumerStatusReport(row.eventType(), group,
                        ConsumeStatus.SUCCESS, "applied; reported by reconciliation"));
            }
            log.info("Order {}: {} applied by every consumer; statuses recorded on their behalf", row.orderId(),
                    row.eventType());
            return true;
        } catch (RuntimeException e) {
            log.warn("Order {}: could not record the consumers' statuses, the next run tries again: {}", row.orderId(),
                    e.toString());
            return false;
        }
    }
}
