package dev.eventual.consumer.report;

import dev.eventual.common.api.ConsumerReports;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;

/** What this consumer group did with the event of one order, to be told to order-service. */
public record StatusReport(long orderId, OrderEventType eventType, ConsumeStatus status, String detail) {

    static final int MAX_DETAIL = 512;

    /** The report to keep when a later one for the same event arrives before either was sent. */
    StatusReport followedBy(StatusReport later) {
        return status.mayBecome(later.status) ? later : this;
    }

    ConsumerReports.Report toWire() {
        String shortDetail = detail == null || detail.length() <= MAX_DETAIL ? detail : detail.substring(0, MAX_DETAIL);
        return new ConsumerReports.Report(Long.toString(orderId), eventType, status, shortDetail);
    }
}
