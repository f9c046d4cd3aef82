package dev.eventual.notice.consume;

import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.consumer.receive.OrderEventBatchHandler;
import dev.eventual.consumer.receive.PartialBatchFailure;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.consumer.report.ReportCoalescer;
import dev.eventual.consumer.report.ReportNotTakenException;
import dev.eventual.consumer.report.StatusReport;
import dev.eventual.notice.compose.InvalidNoticeRequestException;
import dev.eventual.notice.compose.NoticeRequest;
import dev.eventual.notice.config.NoticeMetrics;
import dev.eventual.notice.delivery.DeliveryAttempt;
import dev.eventual.notice.delivery.DeliveryOutcome;
import dev.eventual.notice.delivery.DeliveryResult;
import dev.eventual.notice.delivery.NoticeDelivery;
import dev.eventual.tracing.OrderTraces;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;

/**
 * One notice per (order, event type). A notice is claimed, sent with no transaction open (the channel
 * may take seconds), then recorded, so a batch cannot share one transaction here; fresh notices of a
 * batch are claimed by one statement and recorded by another (see {@link NoticeDelivery#deliverAll}).
 * <ul>
 *   <li>sent, already sent, refused for good (recorded FAIL), or too late for the retention with no record
 *       (recorded REFUSED, nothing sent; docs/retention.md) once order-service took that refusal: acknowledged;</li>
 *   <li>technical failure (SMTP or database unreachable), or another delivery still holding the
 *       notice: that event and those after it go back to the broker for a later delivery (up to
 *       {@code eventual.notice.max-reconsume-times}, then the dead-letter queue).</li>
 * </ul>
 */
@Component
public class NoticeEventHandler implements OrderEventBatchHandler {

    private static final Logger log = LoggerFactory.getLogger(NoticeEventHandler.class);

    private final NoticeDelivery delivery;
    private final ReportCoalescer reports;
    private final NoticeMetrics metrics;
    private final OrderTraces traces;

    public NoticeEventHandler(NoticeDelivery delivery, ReportCoalescer reports, NoticeMetrics metrics, OrderTraces traces) {
        this.delivery = delivery;
        this.reports = reports;
        this.metrics = metrics;
        this.traces = traces;
    }

    @Override
    public void handleAll(List<ReceivedEvent> events) {
        List<NoticeRequest> requests = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            NoticeRequest request = requestOf(events.get(i));
            if (request != null) {
                requests.add(request);
                positions.add(i);
            }
        }
        List<DeliveryAttempt> attempts = delivery.deliverAll(requests);
        for (int k = 0; k < attempts.size(); k++) {
            ReceivedEvent event = events.get(positions.get(k));
            DeliveryAttempt attempt = attempts.get(k);
            if (attempt.failure() != null) {
                throw new PartialBatchFailure(positions.get(k), attempt.failure());
            }
            if (attempt.result().outcome() == DeliveryOutcome.IN_PROGRESS) {
                throw new PartialBatchFailure(positions.get(k), new NoticeInProgressException(event.orderId(), event.type()));
            }
            try {
                confirmRefusal(event, attempt.result());
            } catch (ReportNotTakenException e) {
                throw new PartialBatchFailure(positions.get(k), e);
            }
            metrics.consumed(event.type());
        }
    }

    @Override
    public void handle(ReceivedEvent event) {
        NoticeRequest request = requestOf(event);
        if (request == null) {
            return;
        }
        DeliveryResult result = delivery.deliver(request);
        if (result.outcome() == DeliveryOutcome.IN_PROGRESS) {
            throw new NoticeInProgressException(request.orderId(), event.type());
        }
        confirmRefusal(event, result);
        metrics.consumed(event.type());
    }

    /**
     * A delivery refused for the retention is acknowledged only once order-service took the REFUSED report, which
     * hands the event back to reconciliation and so to a work order: a lost report would leave the refusal without
     * one, as nothing looks at a finished event again. Until then the broker delivers it again, which finds the
     * REFUSED record, sends nothing and reports once more (docs/retention.md).
     *
     * @throws ReportNotTakenException when order-service did not take it
     */
    private void confirmRefusal(ReceivedEvent event, DeliveryResult result) {
        if (result.outcome() == DeliveryOutcome.TOO_LATE) {
            try (OrderTraces.OrderScope scope = traces.resume("order event", event.orderId(), event.traceparent())) {
                reports.reportNow(new StatusReport(event.orderId(), event.type(), ConsumeStatus.REFUSED, result.detail()));
            }
        }
    }

    /** @return null for an event no real order can have: dropped (acknowledged), as redelivery cannot help */
    private NoticeRequest requestOf(ReceivedEvent event) {
        try {
            return switch (event.type()) {
                case ORDER_CREATED -> NoticeRequest.of(event.created(), event.traceparent());
                case ORDER_CANCELED -> NoticeRequest.of(event.canceled(), event.traceparent());
            };
        } catch (InvalidNoticeRequestException e) {
            dropped(Long.toString(event.orderId()), "of delivery " + event.deliveries(), event.type().name(), e);
            return null;
        }
    }

    @Override
    public void dropped(String orderKey, String messageId, String tag, RuntimeException cause) {
        metrics.failure(NoticeMetrics.Failure.MALFORMED);
        log.error("Order {}: dropped malformed message {} (tag {}): {}", orderKey, messageId, tag, cause.getMessage());
    }

    @Override
    public void failed(ReceivedEvent event, RuntimeException cause) {
        try (OrderTraces.OrderScope scope = traces.resume("order event", event.orderId(), event.traceparent())) {
            log.warn("Order {}: {} notice not delivered, the broker will redeliver (delivery {}): {}", event.orderId(),
                    event.type(), event.deliveries(), cause.toString());
        }
    }
}
