package dev.eventual.order.core.reconcile;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.core.status.OrderStatus;
import dev.eventual.order.core.status.ReconcileStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.LocalDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * order_db as a reconcile run works it, one page of due message_log rows at a time (docs/design.md,
 * "Reconciliation"): list a page of a key range, finish its consumed rows at once, claim the rest, read the
 * claimed rows and the facts about their orders, then end each claimed row (finished, deferred, or handed to a
 * work order). What to decide and whom to ask stays with the job. Each method takes the order_db server it
 * works on and runs in its own scope there; a method of more than one statement is one transaction. The
 * statements are exactly the run's, so a page costs what it did (ReconcileThroughputIT, PageRedriveIT).
 */
@Service
public class ReconcilePages {

    /** Who the work orders' audit names when reconciliation opens them. */
    static final String OPERATOR = "reconcile-job";

    private final OrderShards shards;
    private final DueRowMapper rows;
    private final OrderFactsMapper facts;
    private final WorkOrderMapper workOrders;
    private final BacklogMapper backlog;
    private final TransactionTemplate transaction;

    ReconcilePages(OrderShards shards, DueRowMapper rows, OrderFactsMapper facts, WorkOrderMapper workOrders,
                   BacklogMapper backlog, PlatformTransactionManager transactions) {
        this.shards = shards;
        this.rows = rows;
        this.facts = facts;
        this.workOrders = workOrders;
        this.backlog = backlog;
        this.transaction = new TransactionTemplate(transactions);
    }

    /**
     * One keyset page of due rows of one status inside a key range on a server, in the scan order: only what
     * the run needs to move on and to tell settled rows from open ones.
     */
    public List<DueKey> page(int server, ReconcileStatus status, int fromKey, int toKey, LocalDateTime dueBy,
                             PagePosition after, int limit) {
        return shards.on(server, () -> rows.page(status, fromKey, toKey, dueBy, after, limit));
    }

    /**
     * Finishes, in one statement and without a claim, the rows of the page ({@code after} up to and including
     * {@code last}) that need no question to anyone; a row claimed or changed since the page was read is left
     * to the claim that follows ({@link DueRowMapper#finishConsumed}).
     *
     * @return how many rows were finished
     */
    public int finishConsumed(int server, ReconcileStatus status, int fromKey, int toKey, LocalDateTime dueBy,
                              PagePosition after, PagePosition last) {
        return shards.on(server, () -> rows.finishConsumed(status, fromKey, toKey, dueBy, after, last));
    }

    /**
     * Claims the rows still due under {@code token} until {@code leaseUntil}, then reads those it got (rows
     * finished or claimed by another run meanwhile are not among them). Two statements, each its own, as a
     * claim is worth keeping even if the read fails.
     */
    public List<DueRow> claim(int server, List<Long> ids, String token, LocalDateTime now, LocalDateTime leaseUntil) {
        return shards.on(server, () -> {
            rows.claim(ids, token, now, leaseUntil);
            return rows.claimed(ids, token);
        });
    }

    /** The status of each order that exists, by order id. */
    public Map<Long, OrderStatus> orderStatuses(int server, List<Long> orderIds) {
        return shards.on(server, () -> facts.orderStatuses(orderIds)).stream()
                .collect(Collectors.toMap(OrderFactsMapper.KeyValue::key, kv -> OrderStatus.valueOf(kv.value())));
    }

    /** What {@code consumerGroup} reported for the ORDER_CANCELED event of these orders, where it did. */
    public Map<Long, ConsumeStatus> cancelReports(int server, String consumerGroup, List<Long> orderIds) {
        return shards.on(server, () -> facts.cancelReports(consumerGroup, orderIds)).stream()
                .collect(Collectors.toMap(OrderFactsMapper.KeyValue::key, kv -> ConsumeStatus.valueOf(kv.value())));
    }

    /**
     * Ends the claimed rows in one transaction of two statements whatever their number: the rows the claim
     * token still holds are locked, then all of them are updated at once. Knowing which rows were ours keeps
     * each row's log line and metric as exact as one UPDATE per row did.
     *
     * @return the finishes that were applied; a row claimed meanwhile by another token is not among them
     */
    public List<RowFinish> finish(int server, List<RowFinish> finishes, String token) {
        if (finishes.isEmpty()) {
            return List.of();
        }
        return shards.on(server, () -> transaction.execute(status -> {
            Set<Long> held = new HashSet<>(rows.lockClaimed(finishes.stream().map(RowFinish::id).toList(), token));
            List<RowFinish> ours = finishes.stream().filter(finish -> held.contains(finish.id())).toList();
            if (!ours.isEmpty()) {
                rows.finishAll(ours, token);
            }
            return ours;
        }));
    }

    /**
     * Puts claimed rows back unchanged but for their due time and error: the run could not decide them.
     *
     * @return how many rows the token still held
     */
    public int defer(int server, List<Long> ids, String token, LocalDateTime next, String error) {
        return shards.on(server, () -> rows.defer(ids, token, next, error));
    }

    /** Ends claimed rows as reconciled in one statement; @return how many the token still held. */
    public int finishReconciled(int server, List<Long> ids, String token) {
        return shards.on(server, () -> rows.finishReconciled(ids, token));
    }

    /**
     * Hands an event to a person: its row becomes FAIL and its work order opens (or reopens) with an audit
     * row, in one transaction.
     *
     * @return the work order's id; empty when the claim was lost meanwhile: another run owns the row, nothing was
     *         opened. The job says what it handed over: its log line is the job's (docs/tracing.md).
     */
    public OptionalLong openWorkOrder(int server, WorkOrderOpening opening, String claimToken, LocalDateTime now) {
        String reason = WorkOrders.upToColumn(opening.reason());
        return shards.on(server, () -> transaction.execute(status -> {
            if (rows.finish(opening.messageLogId(), claimToken, ReconcileStatus.FAIL, opening.retryCount(), now,
                    reason) == 0) {
                return OptionalLong.empty();
            }
            boolean reopened = workOrders.open(opening) > 1;
            long id = workOrders.idOf(opening.orderId(), opening.eventType());
            workOrders.audit(id, reopened ? "REOPEN" : "OPEN", OPERATOR, null, "APPLIED", reason);
            return OptionalLong.of(id);
        }));
    }

    /**
     * Hands an event the outbox's relay could not get onto the broker to a person (docs/design.md, "The outbox"):
     * its row becomes FAIL, leaving reconciliation's scan, and its work order opens (or reopens) with an audit
     * row naming {@code by}. Joins the caller's transaction on that server (the relay's claim), else is its own.
     * Resolved with RETRY, reconciliation re-drives the event to the consumers over their APIs, which needs no broker.
     *
     * @return the work order's id; empty when reconciliation already gave the row up (FAIL) or settled it
     */
    public OptionalLong handOverUnrelayed(int server, WorkOrderOpening opening, String by) {
        String reason = WorkOrders.upToColumn(opening.reason());
        return shards.on(server, () -> transaction.execute(status -> {
            if (rows.handOver(opening.messageLogId(), reason) == 0) {
                return OptionalLong.empty();
            }
            boolean reopened = workOrders.open(opening) > 1;
            long id = workOrders.idOf(opening.orderId(), opening.eventType());
            workOrders.audit(id, reopened ? "REOPEN" : "OPEN", by, null, "APPLIED", reason);
            return OptionalLong.of(id);
        }));
    }

    /**
     * The consistency lag: the age of the oldest event waiting for reconciliation on any server, 0 when
     * nothing waits. A server that cannot answer makes it fail rather than lie.
     */
    public long oldestUnreconciledSeconds() {
        return IntStream.range(0, shards.servers())
                .mapToLong(server -> shards.on(server, backlog::oldestUnreconciledSeconds)).max().orElse(0);
    }

    /** A place in the reconcile scan order (shard key, due time, id): where a keyset page ends. */
    public record PagePosition(int shardKey, LocalDateTime time, long id) {

        /** Before every row of a key range that starts at {@code fromKey}. */
        public static PagePosition before(int fromKey) {
            return new PagePosition(fromKey - 1, LocalDateTime.of(1970, 1, 1, 0, 0), 0);
        }
    }

    /** A due row as a page lists it: its place in the scan order and whether its consumers are done. */
    public record DueKey(long id, MessageStatus msgStatus, int shardKey, LocalDateTime nextReconcileTime) {

        public PagePosition position() {
            return new PagePosition(shardKey, nextReconcileTime, id);
        }
    }

    /**
     * A claimed row, with what the run needs to decide and re-drive.
     *
     * @param traceParent the trace of the request that wrote the event, which the row's re-drives continue; may be null
     */
    public record DueRow(long id, long orderId, OrderEventType eventType, String payload, MessageStatus msgStatus,
                         ReconcileStatus reconcileStatus, int retryCount, int shardKey, LocalDateTime nextReconcileTime,
                         String traceParent) {
    }

    /** How a run ends its work on one claimed row. */
    public record RowFinish(long id, ReconcileStatus status, int retryCount, LocalDateTime next, String error) {
    }

    /**
     * Why and in which state reconciliation gave up on one event.
     *
     * @param skuId the order's SKU as its event says, so the work orders of one SKU can be found; null when the event cannot be read
     */
    public record WorkOrderOpening(long orderId, String eventType, long messageLogId, Long skuId, String reason,
                                   String orderStatus, String inventoryStatus, String noticeStatus, int retryCount) {
    }
}
