package dev.eventual.notice.report;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.consumer.report.ReportCoalescer;
import dev.eventual.consumer.report.StatusReport;
import dev.eventual.notice.store.NoticeStatus;
import org.springframework.stereotype.Component;

/**
 * Tells order-service what happened to a notice, after notice_log recorded it, through the
 * coalescer (one call per window). A report that fails is counted, logged and left to
 * reconciliation; it never undoes anything here.
 */
@Component
public class OrderStatusReporter {

    private final ReportCoalescer reports;

    public OrderStatusReporter(ReportCoalescer reports) {
        this.reports = reports;
    }

    public void report(long orderId, OrderEventType type, NoticeStatus status, String detail) {
        reports.submit(new StatusReport(orderId, type, status.reported(), detail));
    }
}
