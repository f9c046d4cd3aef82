package dev.eventual.order.consumer;

import dev.eventual.common.api.ConsumerStatusBatchResult;
import dev.eventual.common.api.ConsumerStatusReport;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.common.status.MessageStatus;
import dev.eventual.order.store.ConsumerStatusMapper;
import dev.eventual.order.store.ConsumerStatusRow;
import dev.eventual.order.store.MessageLogMapper;
import dev.eventual.order.store.MessageLogRow;
import dev.eventual.web.ApiProblemException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Records what a consumer group reported for an event, monotonically, and derives the event's
 * msg_status from all groups' reports (DESIGN §9.4: one column cannot hold two consumers' outcomes).
 */
@Service
public class ConsumerStatusRecorder {

    private static final Logger log = LoggerFactory.getLogger(ConsumerStatusRecorder.class);

    private final MessageLogMapper messageLog;
    private final ConsumerStatusMapper consumerStatus;

    public ConsumerStatusRecorder(MessageLogMapper messageLog, ConsumerStatusMapper consumerStatus) {
        this.messageLog = messageLog;
        this.consumerStatus = consumerStatus;
    }

    @Transactional
    public void record(long orderId, ConsumerStatusReport report) {
        requireExpectedGroup(report.consumerGroup());
        if (apply(orderId, report) == Applied.UNKNOWN) {
            throw ApiProblemException.notFound("order " + orderId + " has no committed " + report.eventType() + " event");
        }
    }

    /**
     * The same report for many orders in one transaction. Events are locked in order id order, so
     * two batches over the same orders cannot deadlock.
     */
    @Transactional
    public ConsumerStatusBatchResult recordAll(Collection<Long> orderIds, ConsumerStatusReport report) {
        requireExpectedGroup(report.consumerGroup());
        int recorded = 0;
        int unchanged = 0;
        List<String> unknown = new ArrayList<>();
        for (long orderId : new TreeSet<>(orderIds)) {
            switch (apply(orderId, report)) {
                case RECORDED -> recorded++;
                case UNCHANGED -> unchanged++;
                case UNKNOWN -> unknown.add(Long.toString(orderId));
            }
        }
        return new ConsumerStatusBatchResult(recorded, unchanged, unknown);
    }

    private static void requireExpectedGroup(String consumerGroup) {
        if (!OrderMessaging.EXPECTED_CONSUMER_GROUPS.contains(consumerGroup)) {
            throw ApiProblemException.invalid("consumerGroup", "must be one of " + OrderMessaging.EXPECTED_CONSUMER_GROUPS);
        }
    }

    private Applied apply(long orderId, ConsumerStatusReport report) {
        MessageLogRow event = messageLog.lock(orderId, report.eventType());
        if (event == null) {
            return Applied.UNKNOWN;
        }
        ConsumerStatusRow row = new ConsumerStatusRow(orderId, report.eventType(), report.consumerGroup(),
                report.status(), report.detail());
        ConsumeStatus stored = consumerStatus.findStatus(orderId, report.eventType(), report.consumerGroup());
        if (stored == report.status()) {
            return Applied.UNCHANGED;
        }
        if (stored == null) {
            consumerStatus.insert(row);
        } else if (stored.mayBecome(report.status())) {
            consumerStatus.update(row);
        } else {
            log.info("Order {}: ignored late {} report from {} for {} (already {})", orderId, report.status(),
                    report.consumerGroup(), report.eventType(), stored);
            return Applied.UNCHANGED;
        }
        MessageStatus derived = derive(orderId, report);
        if (derived != event.getMsgStatus()) {
            messageLog.updateMsgStatus(event.getId(), derived);
        }
        log.info("Order {}: {} reported {} for {}; message status {}", orderId, report.consumerGroup(),
                report.status(), report.eventType(), derived);
        return Applied.RECORDED;
    }

    private MessageStatus derive(long orderId, ConsumerStatusReport report) {
        Map<String, ConsumeStatus> byGroup = consumerStatus.findByEvent(orderId, report.eventType()).stream()
                .collect(Collectors.toMap(ConsumerStatusRow::consumerGroup, ConsumerStatusRow::status));
        return derive(OrderMessaging.EXPECTED_CONSUMER_GROUPS, byGroup::get);
    }

    private enum Applied { RECORDED, UNCHANGED, UNKNOWN }

    /** FAIL if any group failed, CONSUMED when every expected group succeeded, else still SENT. */
    static MessageStatus derive(List<String> expectedGroups, Function<String, ConsumeStatus> statusOf) {
        boolean allSucceeded = true;
        for (String group : expectedGroups) {
            ConsumeStatus status = statusOf.apply(group);
            if (status == ConsumeStatus.FAIL) {
                return MessageStatus.FAIL;
            }
            allSucceeded &= status == ConsumeStatus.SUCCESS;
        }
        return allSucceeded ? MessageStatus.CONSUMED : MessageStatus.SENT;
    }
}
