package dev.eventual.notice.report;

import dev.eventual.common.api.ConsumerStatusReport;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.notice.config.NoticeMetrics;
import dev.eventual.notice.store.NoticeStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Tells order-service what happened to a notice, after notice_log recorded it. A failed report is
 * logged and counted and left to reconciliation (which asks the batch status API); it never undoes
 * anything here.
 */
@Component
public class OrderStatusReporter {

    private static final Logger log = LoggerFactory.getLogger(OrderStatusReporter.class);
    static final int MAX_DETAIL = 512;

    private final OrderStatusClient client;
    private final NoticeMetrics metrics;

    public OrderStatusReporter(OrderStatusClient client, NoticeMetrics metrics) {
        this.client = client;
        this.metrics = metrics;
    }

    public void report(long orderId, OrderEventType type, NoticeStatus status, String detail) {
        try {
            client.reportConsumerStatus(Long.toString(orderId), new ConsumerStatusReport(type,
                    OrderMessaging.NOTICE_CONSUMER_GROUP, status.reported(), truncate(detail)));
        } catch (RuntimeException e) {
            metrics.reportFailed();
            log.warn("Order {}: could not report {} notice {} to order-service; reconciliation will: {}", orderId, type,
                    status, e.toString());
        }
    }

    private static String truncate(String detail) {
        return detail == null || detail.length() <= MAX_DETAIL ? detail : detail.substring(0, MAX_DETAIL);
    }
}
