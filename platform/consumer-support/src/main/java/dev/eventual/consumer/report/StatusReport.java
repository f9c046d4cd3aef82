package dev.eventual.consumer.report;

import dev.eventual.common.api.ConsumerReports;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;

/**
 * What this consumer group did with the event of one order, to be told to order-service.
 *
 * @param traceparent the order's trace; {@link ReportCoalescer#submit} sets the current one when null
 */
public record StatusReport(long orderId, OrderEventType eventType, ConsumeStatus status, String detail,
                           String traceparent) {

    static final int MAX_DETAIL = 512;

    public StatusReport(long orderId, OrderEventType eventType, ConsumeStatus status, String detail) {
        this(orderId, eventType, status, detail, null);
    }

    StatusReport tracedBy(String current) {
        return traceparent != null || current == null ? this
                : new StatusReport(orderId, eventType, status, detail, current);
    }

    /** The report to keep when a later one for the same event arrives before either was sent. */
    StatusReport followedBy(StatusReport later) {
        return status.mayBecome(later.status) ? later : this;
    }

    ConsumerReports.Report toWire() {
        // inline: consumer-support takes tracing, not web-support, whose Texts.truncate is the same cut
        String shortDetail = detail == null || detail.length() <= MAX_DETAIL ? detail : detail.substring(0, MAX_DETAIL);
        return new ConsumerReports.Report(Long.toString(orderId), eventType, status, shortDetail, traceparent);
    }
}
