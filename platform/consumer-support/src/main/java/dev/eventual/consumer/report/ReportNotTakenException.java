package dev.eventual.consumer.report;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;

/** A report {@link ReportCoalescer#reportNow} had to deliver did not reach order-service. */
public class ReportNotTakenException extends RuntimeException {

    public ReportNotTakenException(long orderId, OrderEventType eventType, ConsumeStatus status) {
        super("order " + orderId + ": the " + status + " report of " + eventType + " did not reach order-service");
    }
}
