package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.shard.OrderShards;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The work orders in order_db as operators work them (the API and the console): find one, resolve it with its
 * audit, list and count them over every server, the queue's tallies and an order's whole story. A work order's
 * id carries its order's logical shard in its low bits, like an order id, so every method that takes one finds
 * its server itself ({@link WorkOrderMapper#PUBLIC_ID}); lists and counts ask every server. Each method runs
 * in its own scope; the resolution, of several statements, is one transaction. Resolved work orders past their
 * retention are deleted with their audit, server by server, in bounded batches (docs/retention.md).
 */
@Service
public class WorkOrders {

    /** Reasons and errors stored: message_log.last_error, work_order.reason, the audit detail (512 wide). */
    public static final int MAX_REASON = 500;
    /** An order has at most one work order per event type. */
    private static final int STORY_WORK_ORDERS = 10;

    private final OrderShards shards;
    private final WorkOrderMapper workOrders;
    private final DueRowMapper events;
    private final ConsoleMapper console;
    private final BacklogMapper backlog;
    private final TransactionTemplate transaction;
    /** The retention's deletes: READ COMMITTED locks the rows deleted and no gap beside them (docs/retention.md). */
    private final TransactionTemplate rowLocksOnly;

    WorkOrders(OrderShards shards, WorkOrderMapper workOrders, DueRowMapper events, ConsoleMapper console,
               BacklogMapper backlog, PlatformTransactionManager transactions) {
        this.shards = shards;
        this.workOrders = workOrders;
        this.events = events;
        this.console = console;
        this.backlog = backlog;
        this.transaction = new TransactionTemplate(transactions);
        this.rowLocksOnly = new TransactionTemplate(transactions);
        rowLocksOnly.setIsolationLevel(TransactionDefinition.ISOLATION_READ_COMMITTED);
    }

    /** The text's first {@link #MAX_REASON} characters; null stays null. */
    static String upToColumn(String text) {
        return text == null || text.length() <= MAX_REASON ? text : text.substring(0, MAX_REASON);
    }

    public Optional<WorkOrder> find(long id) {
        return Optional.ofNullable(shards.onOrder(id, () -> workOrders.find(id)));
    }

    /** The work order with its audit trail, oldest entry first. */
    public Optional<Audited> findAudited(long id) {
        return shards.onOrder(id, () -> Optional.ofNullable(workOrders.find(id))
                .map(workOrder -> new Audited(workOrder, workOrders.auditTrail(id))));
    }

    /** The trace of the request that wrote the work order's event (null without one), for an action on it. */
    public String eventTraceParent(WorkOrder workOrder) {
        return shards.onOrder(workOrder.id(), () -> events.traceParentOf(workOrder.messageLogId()));
    }

    /** Records an attempt on a work order under {@code operator} with its outcome; the detail is cut to its column. */
    public void audit(long id, String action, String operator, String note, String outcome, String detail) {
        shards.onOrder(id, () -> workOrders.audit(id, action, operator, note, outcome, upToColumn(detail)));
    }

    /**
     * Resolves an open work order in one transaction: the work order locked, its event handed back to
     * reconciliation (RETRY, CANCEL_ORDER: retries reset, due now) or closed (CLOSE), the work order resolved
     * and the act audited as APPLIED.
     *
     * @return empty when applied, else why not (the work order was resolved meanwhile, or its event is no
     * longer FAIL); nothing was changed then and nothing audited
     */
    public Optional<String> resolve(long id, WorkOrders.Action action, String operator, String note) {
        return shards.onOrder(id, () -> transaction.execute(status -> {
            WorkOrder workOrder = workOrders.lock(id);
            if (workOrder.status() != WorkOrders.Status.OPEN) {
                return Optional.of("work order " + id + " was resolved meanwhile");
            }
            int changed = action == WorkOrders.Action.CLOSE
                    ? workOrders.closeByHand(workOrder.messageLogId()) : workOrders.requeue(workOrder.messageLogId());
            if (changed == 0) {
                return Optional.of("the event of work order " + id + " is no longer FAIL");
            }
            workOrders.resolve(id, action, operator, note);
            workOrders.audit(id, action.name(), operator, note, "APPLIED", null);
            return Optional.empty();
        }));
    }

    /**
     * One page of the work orders the filter matches, newest first, each with its audit trail, and how many
     * match: on the order's server when the filter names an order, else over every server.
     */
    public Page page(Filter filter, long offset, int size) {
        if (filter.orderId() != null) {
            return shards.onOrder(filter.orderId(), () -> new Page(workOrders.page(filter.status(), filter.orderId(),
                            filter.skuId(), filter.eventType(), filter.reason(), size, offset).stream()
                    .map(row -> new Audited(row, workOrders.auditTrail(row.id()))).toList(), countHere(filter)));
        }
        List<WorkOrder> rows = ServerPages.page(shards, WorkOrder.NEWEST_FIRST, offset, size,
                (limit, skip) -> workOrders.page(filter.status(), null, filter.skuId(), filter.eventType(),
                        filter.reason(), limit, skip));
        return new Page(rows.stream().map(row -> new Audited(row,
                        shards.onOrder(row.id(), () -> workOrders.auditTrail(row.id())))).toList(),
                count(filter));
    }

    /** How many work orders the filter matches on every server. */
    public long count(Filter filter) {
        return ServerPages.sum(shards, () -> countHere(filter));
    }

    private long countHere(Filter filter) {
        return workOrders.count(filter.status(), filter.orderId(), filter.skuId(), filter.eventType(), filter.reason());
    }

    /** The ids of the first {@code limit} work orders on {@code server} the filter matches, oldest first. */
    public List<Long> ids(int server, Filter filter, int limit) {
        return shards.on(server, () -> workOrders.ids(filter.status(), filter.orderId(), filter.skuId(),
                filter.eventType(), filter.reason(), limit));
    }

    /** How many work orders wait for a person on every server. A server that cannot answer makes it fail. */
    public long open() {
        return ServerPages.sum(shards, backlog::openWorkOrders);
    }

    /** How many work orders the console's queue shows for the filter, on every server. */
    public long queueCount(QueueFilter filter) {
        return ServerPages.sum(shards, () -> console.count(filter.status(), filter.eventType(), filter.openedBefore(),
                filter.skuId(), filter.reason()));
    }

    /** One page of the console's queue, newest first, over every server. */
    public List<WorkOrder> queue(QueueFilter filter, long offset, int size) {
        return ServerPages.page(shards, WorkOrder.NEWEST_FIRST, offset, size, (limit, skip) -> console.queue(
                filter.status(), filter.eventType(), filter.openedBefore(), filter.skuId(), filter.reason(), limit,
                Math.toIntExact(skip)));
    }

    /** The work orders by status and event type, over every server. */
    public List<Tally> tally() {
        Map<List<Object>, Long> counts = new LinkedHashMap<>();
        for (int server = 0; server < shards.servers(); server++) {
            for (Tally tally : shards.on(server, console::tally)) {
                counts.merge(List.of(tally.status(), tally.eventType()), tally.count(), Long::sum);
            }
        }
        return counts.entrySet().stream().map(e -> new Tally((WorkOrders.Status) e.getKey().get(0),
                        (String) e.getKey().get(1), e.getValue()))
                .sorted(Comparator.comparing(Tally::status).thenComparing(Tally::eventType)).toList();
    }

    /** Everything order_db knows about one order: the order, its events (archived ones too), their reports, its work orders. */
    public Story story(long orderId) {
        return shards.onOrder(orderId, () -> {
            Order order = console.order(orderId);
            List<Audited> audited = workOrders.page(null, orderId, null, null, null, STORY_WORK_ORDERS, 0).stream()
                    .map(row -> new Audited(row, workOrders.auditTrail(row.id()))).toList();
            return new Story(order, console.events(orderId), console.consumers(orderId), audited);
        });
    }

    /**
     * Deletes at most {@code limit} work orders on {@code server} resolved before {@code cutoff}, oldest first,
     * with their audit rows, in one short transaction (docs/retention.md). Open work orders are never deleted; one
     * reopened meanwhile is not resolved any more, and one reopening after this finds none and opens anew.
     *
     * @return what was deleted; fewer than {@code limit} work orders when none older is left
     */
    public Removed deleteResolvedBefore(int server, LocalDateTime cutoff, int limit) {
        return shards.on(server, () -> rowLocksOnly.execute(status -> {
            List<Long> rowIds = workOrders.resolvedBefore(cutoff, limit);
            if (rowIds.isEmpty()) {
                return new Removed(0, 0);
            }
            int audit = workOrders.deleteAuditOf(rowIds);
            return new Removed(workOrders.deleteResolved(rowIds), audit);
        }));
    }

    /** How long ago the oldest resolved work order left on {@code server} was resolved; empty when none is. */
    public Optional<Duration> oldestResolved(int server) {
        return Optional.ofNullable(shards.on(server, workOrders::oldestResolvedSeconds)).map(Duration::ofSeconds);
    }

    /**
     * What one batch of the retention deleted.
     *
     * @param workOrders resolved work orders
     * @param auditRows  their audit rows
     */
    public record Removed(int workOrders, int auditRows) {
    }

    /**
     * A row of {@code reconcile_work_order}; {@code id} is the public id ({@link WorkOrderMapper#PUBLIC_ID}).
     *
     * @param skuId the order's SKU; null when its event could not be read
     */
    public record WorkOrder(long id, long orderId, String eventType, long messageLogId, Long skuId, WorkOrders.Status status,
                            WorkOrders.Action resolution, String reason, String orderStatus, String inventoryStatus,
                            String noticeStatus, int retryCount, int openCount, String resolvedBy,
                            LocalDateTime resolvedAt, String resolutionNote, LocalDateTime createdAt,
                            LocalDateTime updatedAt) {

        /** Newest first across order_db servers: row ids count per server, creation times do not. */
        static final Comparator<WorkOrder> NEWEST_FIRST = Comparator.comparing(WorkOrder::createdAt)
                .thenComparing(WorkOrder::id).reversed();
    }

    /** A row of {@code reconcile_work_order_audit}: who did what, when, with which outcome. */
    public record Audit(long id, String action, String operator, String note, String outcome, String detail,
                        LocalDateTime createdAt) {
    }

    /** A work order with its audit rows, oldest first. */
    public record Audited(WorkOrder workOrder, List<Audit> audit) {
    }

    /** @param total how many work orders match on every server */
    public record Page(List<Audited> workOrders, long total) {
    }

    /**
     * The filters of the list and the bulk act, each optional; {@code reason} matches where the work order's
     * reason contains it, case-insensitively.
     */
    public record Filter(WorkOrders.Status status, Long orderId, Long skuId, String eventType, String reason) {
    }

    /** The console queue's filters, each optional. */
    public record QueueFilter(WorkOrders.Status status, String eventType, LocalDateTime openedBefore, Long skuId,
                              String reason) {
    }

    public record Tally(WorkOrders.Status status, String eventType, long count) {
    }

    /** @param order null when order_db has no such order (never committed, or only events are left) */
    public record Story(Order order, List<Event> events, List<ConsumerReport> consumers, List<Audited> workOrders) {
    }

    public record Order(long orderId, long userId, long skuId, int quantity, String status, String paymentId,
                        LocalDateTime paidAt, LocalDateTime createdAt, LocalDateTime updatedAt) {
    }

    /**
     * @param keptIn                message_log, or message_log_hist once archived
     * @param acceptedWithoutBroker written by the outbox's fallback, the broker unable to store its half message (or
     *                              behind an earlier event of the order that was): the relay's to send
     * @param relayAttempts         the relay's sends of it so far
     * @param nextRelayTime         when the relay tries it next; null once it is not the relay's (sent, reported by a
     *                              consumer, or handed to a work order after the last send)
     * @param relayedAt             when the broker stored the relay's send; null if the relay never sent it
     */
    public record Event(long id, String eventType, String msgStatus, String reconcileStatus, int retryCount,
                        LocalDateTime nextReconcileTime, String lastError, String traceParent, LocalDateTime createdAt,
                        LocalDateTime updatedAt, String keptIn, boolean acceptedWithoutBroker, int relayAttempts,
                        LocalDateTime nextRelayTime, LocalDateTime relayedAt) {

        /** The W3C trace id of the request that wrote the event (docs/tracing.md), or null. */
        public String traceId() {
            String[] parts = traceParent == null ? new String[0] : traceParent.split("-");
            return parts.length == 4 ? parts[1] : null;
        }
    }

    public record ConsumerReport(String eventType, String consumerGroup, String status, String detail,
                                 LocalDateTime updatedAt) {
    }

    /** {@code reconcile_work_order.status}: OPEN until an operator resolves it; a later exhaustion reopens it. */
    public enum Status {
        OPEN,
        RESOLVED
    }

    /** What an operator does with an open work order. */
    public enum Action {
        /** Reset the event's retries and let reconciliation re-drive it now (e.g. after adding stock). */
        RETRY,
        /** Cancel the order through order-service; compensation follows through its ORDER_CANCELED event. */
        CANCEL_ORDER,
        /** Record that it was resolved by hand; the event counts as reconciled. */
        CLOSE;

        /**
         * An action that cannot be undone: a canceled order stays canceled, whereas a wrong RETRY or CLOSE
         * changes only reconciliation's bookkeeping. Only an admin takes one, and only while they are enabled.
         */
        public boolean destructive() {
            return this == CANCEL_ORDER;
        }
    }
}
