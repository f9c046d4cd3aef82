package dev.eventual.order.core.reconcile;

import dev.eventual.common.api.problem.InvalidParam;
import dev.eventual.common.api.ConsumerStatusBatchResult;
import dev.eventual.common.api.ConsumerStatusReport;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.core.status.ReconcileStatus;
import dev.eventual.tracing.OrderTraces;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Records what a consumer group reported for an event, monotonically, and derives the event's
 * msg_status from all groups' reports (one column cannot hold two consumers' outcomes:
 * docs/design.md, "Pitfalls the design avoids"). A refusal hands a finished event, archived or not, back to
 * reconciliation, which opens its work order (docs/retention.md).
 */
@Service
public class ConsumerStatusRecorder {

    private static final Logger log = LoggerFactory.getLogger(ConsumerStatusRecorder.class);

    private final OrderShards shards;
    private final TransactionTemplate transaction;
    private final ReportedEventMapper messageLog;
    private final ConsumerStatusMapper consumerStatus;
    private final ConsumerStatusMetrics metrics;
    private final OrderTraces traces;

    ConsumerStatusRecorder(OrderShards shards, PlatformTransactionManager transactions, ReportedEventMapper messageLog,
                           ConsumerStatusMapper consumerStatus, ConsumerStatusMetrics metrics, OrderTraces traces) {
        this.shards = shards;
        // READ COMMITTED: see apply()
        this.transaction = new TransactionTemplate(transactions);
        transaction.setIsolationLevel(TransactionDefinition.ISOLATION_READ_COMMITTED);
        this.messageLog = messageLog;
        this.consumerStatus = consumerStatus;
        this.metrics = metrics;
        this.traces = traces;
    }

    /**
     * The same report for many orders (the reconcile job tells whole pages this way), each in its own
     * order's trace.
     *
     * @param traceparents the orders, each with the trace its report continues (null: the request's own)
     */
    public ConsumerStatusBatchResult recordAll(Map<Long, String> traceparents, ConsumerStatusReport report) {
        return recordEach(report.consumerGroup(), new TreeMap<>(traceparents).entrySet().stream()
                .map(order -> outcomeOf(order.getKey(), report, order.getValue()))
                .toList());
    }

    /**
     * Many outcomes of one group, each its own (a consumer's coalesced reports), set-based: per event
     * type one locking read of the events, then one statement per kind of change. Events are locked
     * by event type, then order id, so no two recorders wait on each other in a cycle. Orders on several order_db servers: one transaction per server, one
     * after the other; a server that fails fails the call after the servers before it committed, and
     * the repeated call changes nothing there (reports are monotonic).
     */
    public ConsumerStatusBatchResult recordEach(String consumerGroup, List<Outcome> outcomes) {
        requireExpectedGroup(consumerGroup);
        Map<Integer, Map<OrderEventType, Map<Long, Outcome>>> byServer = new TreeMap<>();
        for (Outcome outcome : outcomes) {
            if (byServer.computeIfAbsent(shards.serverOfOrder(outcome.orderId()), server -> new EnumMap<>(OrderEventType.class))
                    .computeIfAbsent(outcome.eventType(), type -> new TreeMap<>())
                    .putIfAbsent(outcome.orderId(), outcome) != null) {
                throw new InvalidReportException("reports", "order " + outcome.orderId() + " has more than one "
                        + outcome.eventType() + " report");
            }
        }
        int recorded = 0;
        int found = 0;
        List<String> unknown = new ArrayList<>();
        for (Map.Entry<Integer, Map<OrderEventType, Map<Long, Outcome>>> onServer : byServer.entrySet()) {
            ConsumerStatusBatchResult result = shards.on(onServer.getKey(),
                    () -> transaction.execute(status -> recordOnOneServer(consumerGroup, onServer.getValue())));
            recorded += result.recorded();
            found += result.recorded() + result.unchanged();
            unknown.addAll(result.unknownOrderIds());
        }
        return new ConsumerStatusBatchResult(recorded, found - recorded, unknown);
    }

    private ConsumerStatusBatchResult recordOnOneServer(String consumerGroup, Map<OrderEventType, Map<Long, Outcome>> byType) {
        int recorded = 0;
        int found = 0;
        List<String> unknown = new ArrayList<>();
        for (Map.Entry<OrderEventType, Map<Long, Outcome>> ofType : byType.entrySet()) {
            Map<Long, Outcome> reported = ofType.getValue();
            List<ReportedEvent> events = new ArrayList<>(messageLog.lockAll(reported.keySet(), ofType.getKey()));
            Set<Long> missing = new TreeSet<>(reported.keySet());
            events.forEach(event -> missing.remove(event.orderId()));
            List<ReportedEvent> restored = restoreRefused(ofType.getKey(), missing, reported);
            events.addAll(restored);
            restored.forEach(event -> missing.remove(event.orderId()));
            if (!events.isEmpty()) {
                recorded += apply(events, consumerGroup, ofType.getKey(), reported);
            }
            found += events.size();
            missing.forEach(orderId -> unknown.add(String.valueOf(orderId)));
        }
        return new ConsumerStatusBatchResult(recorded, found - recorded, unknown);
    }

    /**
     * The archived events a consumer refused, moved back into message_log and locked, so that the refusal reopens
     * them as it reopens a finished event (docs/retention.md): an event is archived a while after it finished, and a
     * consumer's retention is longer than that, so most refusals are of archived events. Other reports of events
     * not in message_log stay unknown.
     */
    private List<ReportedEvent> restoreRefused(OrderEventType eventType, Set<Long> missing, Map<Long, Outcome> reported) {
        List<Long> refused = missing.stream().filter(orderId -> reported.get(orderId).status() == ConsumeStatus.REFUSED)
                .toList();
        if (refused.isEmpty() || messageLog.restoreFromHistory(refused, eventType) == 0) {
            return List.of();
        }
        messageLog.deleteFromHistory(refused, eventType);
        List<ReportedEvent> restored = messageLog.lockAll(refused, eventType);
        metrics.eventsReopenedByRefusals(eventType, "archive", restored.size());
        return restored;
    }

    /** A report in {@code traceparent}'s trace; null continues the request's own (a single order's report). */
    private static Outcome outcomeOf(long orderId, ConsumerStatusReport report, String traceparent) {
        return new Outcome(orderId, report.eventType(), report.status(), report.detail(), traceparent);
    }

    private static void requireExpectedGroup(String consumerGroup) {
        if (!OrderMessaging.EXPECTED_CONSUMER_GROUPS.contains(consumerGroup)) {
            throw new InvalidReportException("consumerGroup", "must be one of " + OrderMessaging.EXPECTED_CONSUMER_GROUPS);
        }
    }

    /**
     * Applies one group's outcomes to events of one type this transaction has locked; returns how
     * many it changed. Every writer of these rows holds the event's lock, and READ COMMITTED makes
     * each read see the latest commit (REPEATABLE READ would keep the snapshot of the first read).
     */
    private int apply(List<ReportedEvent> events, String group, OrderEventType eventType,
                      Map<Long, Outcome> outcomes) {
        List<Long> orderIds = events.stream().map(ReportedEvent::orderId).toList();
        Map<Long, Map<String, ConsumeStatus>> stored = new HashMap<>();
        for (ConsumerStatusRow row : consumerStatus.findByEvents(eventType, orderIds)) {
            stored.computeIfAbsent(row.orderId(), id -> new HashMap<>()).put(row.consumerGroup(), row.status());
        }
        List<ConsumerStatusRow> inserts = new ArrayList<>();
        Map<Change, List<Long>> updates = new HashMap<>();
        Map<MessageStatus, List<Long>> derivedChanges = new EnumMap<>(MessageStatus.class);
        List<Long> finished = new ArrayList<>();
        List<Long> reopened = new ArrayList<>();
        for (ReportedEvent event : events) {
            long orderId = event.orderId();
            Outcome outcome = outcomes.get(orderId);
            try (OrderTraces.OrderScope scope = traces.resume("consumer report", orderId, outcome.traceparent())) {
                Map<String, ConsumeStatus> byGroup = stored.computeIfAbsent(orderId, id -> new HashMap<>());
                ConsumeStatus before = byGroup.get(group);
                if (before == outcome.status()) {
                    continue;
                }
                if (before != null && !before.mayBecome(outcome.status())) {
                    log.info("Order {}: ignored late {} report from {} for {} (already {})", orderId, outcome.status(),
                            group, eventType, before);
                    continue;
                }
                String detail = before == ConsumeStatus.SUCCESS
                        ? WorkOrders.upToColumn(outcome.detail() + " (had reported SUCCESS)") : outcome.detail();
                if (before == null) {
                    inserts.add(new ConsumerStatusRow(orderId, eventType, group, outcome.status(), detail));
                } else {
                    // updates of the same status and detail share one statement
                    updates.computeIfAbsent(new Change(outcome.status(), detail), key -> new ArrayList<>()).add(orderId);
                }
                boolean reopen = outcome.status() == ConsumeStatus.REFUSED && event.reconcileStatus() == ReconcileStatus.SUCCESS;
                if (reopen) {
                    reopened.add(event.id());
                }
                byGroup.put(group, outcome.status());
                MessageStatus derived = derive(event.msgStatus(), OrderMessaging.EXPECTED_CONSUMER_GROUPS, byGroup::get);
                boolean settled = derived == MessageStatus.CONSUMED && reconcilable(event);
                if (settled) {
                    // status and finish in one statement (issue 28)
                    finished.add(event.id());
                } else if (derived != event.msgStatus()) {
                    derivedChanges.computeIfAbsent(derived, status -> new ArrayList<>()).add(event.id());
                }
                log.info("Order {}: {} reported {} for {}; message status {}{}", orderId, group, outcome.status(),
                        eventType, derived, settled ? ", reconciled" : reopen ? ", handed back to reconciliation" : "");
            }
        }
        if (!inserts.isEmpty()) {
            consumerStatus.insertAll(inserts);
        }
        updates.forEach((change, ids) -> consumerStatus.updateAll(eventType, group, change.status(), change.detail(),
                replaceableBy(change.status()), ids));
        derivedChanges.forEach((status, ids) -> messageLog.updateMsgStatuses(ids, status));
        if (!reopened.isEmpty()) {
            int done = messageLog.reopen(reopened, WorkOrders.upToColumn(group + " refused a late " + eventType
                    + " after its retention (docs/retention.md)"));
            metrics.eventsReopenedByRefusals(eventType, "log", done);
        }
        if (!finished.isEmpty()) {
            int done = messageLog.consumeAndFinish(finished);
            metrics.eventsReconciledByReports(eventType, done);
            if (done != finished.size()) {
                // the ones without an order still are CONSUMED; the rest are already
                messageLog.updateMsgStatuses(finished, MessageStatus.CONSUMED);
                log.warn("{} of {} consumed {} events {} were not finished (no order row?); reconciliation will look",
                        finished.size() - done, finished.size(), eventType, finished);
            }
        }
        return inserts.size() + updates.values().stream().mapToInt(List::size).sum();
    }

    /**
     * The last report settles the event when reconciliation has not taken it (no claim) and has not
     * given up on it (no work order): every consumer's effect is in place, which is all a reconcile
     * pass over a consumed row would establish (docs/reconciliation.md, step 3), so the row needs no
     * pass at all and its work ends with the report.
     */
    private static boolean reconcilable(ReportedEvent event) {
        return (event.reconcileStatus() == ReconcileStatus.PENDING || event.reconcileStatus() == ReconcileStatus.RETRY)
                && event.claimToken() == null;
    }

    private record Change(ConsumeStatus status, String detail) {
    }

    /** The stored statuses {@code next} may replace (a repeat is no change). */
    private static List<ConsumeStatus> replaceableBy(ConsumeStatus next) {
        return Arrays.stream(ConsumeStatus.values()).filter(from -> from != next && from.mayBecome(next)).toList();
    }

    /**
     * FAIL if any group failed or refused, CONSUMED when every expected group succeeded, else as before: SENT, or WAITING
     * while the relay still has to put the event on the broker (a report then came from a reconcile re-drive over
     * the consumer's API, and the groups not yet reached still need the broker's delivery; docs/design.md, "The
     * outbox").
     */
    static MessageStatus derive(MessageStatus current, List<String> expectedGroups, Function<String, ConsumeStatus> statusOf) {
        boolean allSucceeded = true;
        for (String group : expectedGroups) {
            ConsumeStatus status = statusOf.apply(group);
            if (status == ConsumeStatus.FAIL || status == ConsumeStatus.REFUSED) {
                return MessageStatus.FAIL;
            }
            allSucceeded &= status == ConsumeStatus.SUCCESS;
        }
        if (allSucceeded) {
            return MessageStatus.CONSUMED;
        }
        return current == MessageStatus.WAITING ? MessageStatus.WAITING : MessageStatus.SENT;
    }

    /**
     * What a consumer group reported for the event of one order.
     *
     * @param traceparent the order's trace the report came with; null continues the request's own
     */
    public record Outcome(long orderId, OrderEventType eventType, ConsumeStatus status, String detail, String traceparent) {
    }

    /** A report that breaks a rule no request-body validation can check: names the offending field. */
    public static class InvalidReportException extends RuntimeException {

        private final InvalidParam param;

        InvalidReportException(String field, String reason) {
            super(field + ": " + reason);
            this.param = new InvalidParam(field, reason);
        }

        /** The field and what is wrong with it, as a problem names them. */
        public InvalidParam param() {
            return param;
        }
    }
}
