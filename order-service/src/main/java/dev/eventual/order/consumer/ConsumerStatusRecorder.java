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
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

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

    @Transactional(isolation = Isolation.READ_COMMITTED)
    public void record(long orderId, ConsumerStatusReport report) {
        requireExpectedGroup(report.consumerGroup());
        MessageLogRow event = messageLog.lock(orderId, report.eventType());
        if (event == null) {
            throw ApiProblemException.notFound("order " + orderId + " has no committed " + report.eventType() + " event");
        }
        apply(List.of(event), report);
    }

    /**
     * The same report for many orders, set-based: one locking read of the page's events, then one
     * statement per kind of change. The events are locked in order id order, and a single report
     * locks its one event first too, so batches and single reports cannot deadlock.
     */
    @Transactional(isolation = Isolation.READ_COMMITTED)
    public ConsumerStatusBatchResult recordAll(Collection<Long> orderIds, ConsumerStatusReport report) {
        requireExpectedGroup(report.consumerGroup());
        Set<Long> requested = new TreeSet<>(orderIds);
        List<MessageLogRow> events = messageLog.lockAll(requested, report.eventType());
        int recorded = events.isEmpty() ? 0 : apply(events, report);
        events.forEach(event -> requested.remove(event.getOrderId()));
        List<String> unknown = requested.stream().map(String::valueOf).toList();
        return new ConsumerStatusBatchResult(recorded, events.size() - recorded, unknown);
    }

    private static void requireExpectedGroup(String consumerGroup) {
        if (!OrderMessaging.EXPECTED_CONSUMER_GROUPS.contains(consumerGroup)) {
            throw ApiProblemException.invalid("consumerGroup", "must be one of " + OrderMessaging.EXPECTED_CONSUMER_GROUPS);
        }
    }

    /**
     * Applies the report to events this transaction has locked; returns how many it changed. Every
     * writer of these rows holds the event's lock, and READ COMMITTED makes each read see the latest
     * commit (REPEATABLE READ would keep the snapshot of the transaction's first read).
     */
    private int apply(List<MessageLogRow> events, ConsumerStatusReport report) {
        List<Long> orderIds = events.stream().map(MessageLogRow::getOrderId).toList();
        Map<Long, Map<String, ConsumeStatus>> stored = new HashMap<>();
        for (ConsumerStatusRow row : consumerStatus.findByEvents(report.eventType(), orderIds)) {
            stored.computeIfAbsent(row.orderId(), id -> new HashMap<>()).put(row.consumerGroup(), row.status());
        }
        List<Long> inserts = new ArrayList<>();
        List<Long> updates = new ArrayList<>();
        Map<MessageStatus, List<Long>> derivedChanges = new EnumMap<>(MessageStatus.class);
        for (MessageLogRow event : events) {
            long orderId = event.getOrderId();
            Map<String, ConsumeStatus> byGroup = stored.computeIfAbsent(orderId, id -> new HashMap<>());
            ConsumeStatus before = byGroup.get(report.consumerGroup());
            if (before == report.status()) {
                continue;
            }
            if (before != null && !before.mayBecome(report.status())) {
                log.info("Order {}: ignored late {} report from {} for {} (already {})", orderId, report.status(),
                        report.consumerGroup(), report.eventType(), before);
                continue;
            }
            (before == null ? inserts : updates).add(orderId);
            byGroup.put(report.consumerGroup(), report.status());
            MessageStatus derived = derive(OrderMessaging.EXPECTED_CONSUMER_GROUPS, byGroup::get);
            if (derived != event.getMsgStatus()) {
                derivedChanges.computeIfAbsent(derived, status -> new ArrayList<>()).add(event.getId());
            }
            log.info("Order {}: {} reported {} for {}; message status {}", orderId, report.consumerGroup(),
                    report.status(), report.eventType(), derived);
        }
        if (!inserts.isEmpty()) {
            consumerStatus.insertAll(report.eventType(), report.consumerGroup(), report.status(), report.detail(), inserts);
        }
        if (!updates.isEmpty()) {
            consumerStatus.updateAll(report.eventType(), report.consumerGroup(), report.status(), report.detail(),
                    replaceableBy(report.status()), updates);
        }
        derivedChanges.forEach((status, ids) -> messageLog.updateMsgStatuses(ids, status));
        return inserts.size() + updates.size();
    }

    /** The stored statuses {@code next} may replace (a repeat is no change). */
    private static List<ConsumeStatus> replaceableBy(ConsumeStatus next) {
        return Arrays.stream(ConsumeStatus.values()).filter(from -> from != next && from.mayBecome(next)).toList();
    }

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
