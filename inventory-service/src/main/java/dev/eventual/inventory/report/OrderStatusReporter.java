package dev.eventual.inventory.report;

import dev.eventual.common.api.ConsumerStatusReport;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.inventory.config.InventoryMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Tells order-service what happened, after the local commit. A failed report is logged and left to
 * reconciliation (which asks the batch status API); it never undoes the local change.
 */
@Component
public class OrderStatusReporter {

    private static final Logger log = LoggerFactory.getLogger(OrderStatusReporter.class);

    private final OrderStatusClient client;
    private final InventoryMetrics metrics;

    public OrderStatusReporter(OrderStatusClient client, InventoryMetrics metrics) {
        this.client = client;
        this.metrics = metrics;
    }

    public void report(long orderId, OrderEventType eventType, ConsumeStatus status, String detail) {
        try {
            client.reportConsumerStatus(Long.toString(orderId), new ConsumerStatusReport(eventType,
                    OrderMessaging.INVENTORY_CONSUMER_GROUP, status, truncate(detail)));
        } catch (RuntimeException e) {
            metrics.reportFailed();
            log.warn("Order {}: could not report {} {} to order-service, reconciliation will: {}",
                    orderId, eventType, status, e.toString());
        }
    }

    private static String truncate(String detail) {
        return detail == null || detail.length() <= 512 ? detail : detail.substring(0, 512);
    }
}
