package dev.eventual.reconcile.run;

import dev.eventual.order.core.reconcile.ReconcilePages;
import dev.eventual.order.core.reconcile.ReconcilePages.DueKey;
import dev.eventual.order.core.reconcile.ReconcilePages.DueRow;
import dev.eventual.order.core.reconcile.ReconcilePages.PagePosition;
import dev.eventual.order.core.reconcile.ReconcilePages.RowFinish;
import dev.eventual.order.core.reconcile.ReconcilePages.WorkOrderOpening;
import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.common.status.DownstreamStatus;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.core.status.OrderStatus;
import dev.eventual.order.core.status.ReconcileStatus;
import dev.eventual.reconcile.config.ReconcileProperties;
import dev.eventual.reconcile.decide.Decision;
import dev.eventual.reconcile.decide.DecisionTable;
import dev.eventual.reconcile.decide.Observation;
import dev.eventual.reconcile.decide.Verdict;
import dev.eventual.reconcile.downstream.ConsumerStatusRepair;
import dev.eventual.reconcile.downstream.DownstreamStatuses;
import dev.eventual.reconcile.downstream.Redrive;
import dev.eventual.reconcile.downstream.Redriver;
import dev.eventual.reconcile.shard.ShardRange;
import dev.eventual.tracing.OrderTraces;
import dev.eventual.web.Texts;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * One shard's reconciliation run (docs/design.md, "Reconciliation"): keyset pages of due rows in
 * the shard's key range. A page's rows that every consumer reported done (the usual case) are
 * finished by one statement; the others are claimed before they are worked on, decided by
 * {@link DecisionTable}, then finished as SUCCESS, RETRY with back-off, or FAIL with a work order.
 * Stops starting pages when the time budget is spent.
 */
@Service
public class ReconcileRun {

    private static final Logger log = LoggerFactory.getLogger(ReconcileRun.class);

    private final OrderShards shards;
    private final ReconcilePages pages;
    private final DownstreamStatuses downstream;
    private final Redriver redriver;
    private final ConsumerStatusRepair statusRepair;
    private final Backoff backoff;
    private final ReconcileProperties properties;
    private final MeterRegistry meters;
    private final Map<RowOutcome, Counter> rowOutcomes = new EnumMap<>(RowOutcome.class);
    private final OrderTraces traces;
    private final Clock clock;

    public ReconcileRun(OrderShards shards, ReconcilePages pages, DownstreamStatuses downstream, Redriver redriver,
                        ConsumerStatusRepair statusRepair, Backoff backoff, ReconcileProperties properties,
                        MeterRegistry meters, OrderTraces traces, Clock clock) {
        this.shards = shards;
        this.pages = pages;
        this.downstream = downstream;
        this.redriver = redriver;
        this.statusRepair = statusRepair;
        this.backoff = backoff;
        this.properties = properties;
        this.meters = meters;
        this.traces = traces;
        this.clock = clock;
        // every outcome from the start: the dashboard's increase() needs a sample before the first row
        for (RowOutcome outcome : RowOutcome.values()) {
            rowOutcomes.put(outcome, meters.counter("eventual.reconcile.rows", "outcome", outcome.tag()));
        }
    }

    public RunResult run(ShardRange shard) {
        long deadline = clock.millis() + properties.shardBudget().toMillis();
        Tally tally = new Tally();
        ServerFailures failures = new ServerFailures();
        boolean budgetReached = scan(shard.own(shards.servers()), Duration.ZERO, deadline, tally, failures);
        List<ShardRange.Part> others = shard.others(shards.servers());
        if (!budgetReached && !others.isEmpty() && properties.takeoverGrace().compareTo(Duration.ZERO) > 0) {
            int ownRows = tally.scanned;
            budgetReached = scan(others, properties.takeoverGrace(), deadline, tally, failures);
            tally.takenOver = tally.scanned - ownRows;
            if (tally.takenOver > 0) {
                meters.counter("eventual.reconcile.taken-over").increment(tally.takenOver);
                log.warn("Reconcile shard {} of {}: took over {} rows of other shards overdue by more than {}"
                        + " (is an executor down or slow?)", shard.index(), shard.total(), tally.takenOver,
                        properties.takeoverGrace());
            }
        }
        RunResult result = new RunResult(tally.scanned, tally.claimed, tally.succeeded, tally.retried, tally.escalated,
                tally.deferred, tally.takenOver, budgetReached);
        meters.counter("eventual.reconcile.scanned").increment(result.scanned());
        if (result.scanned() > 0) {
            log.info("Reconcile shard {} of {}: {}", shard.index(), shard.total(), result.summary());
        }
        failures.rethrow();
        return result;
    }

    /**
     * Works the parts one server at a time. A server that fails is left for the next run and the
     * others are still worked; the run then fails with the first failure (the scheduler shows it).
     *
     * @return true when the budget ended the scan
     */
    private boolean scan(List<ShardRange.Part> parts, Duration overdue, long deadline, Tally tally, ServerFailures failures) {
        for (ShardRange.Part part : parts) {
            try {
                if (scan(part.server(), part.keys(), overdue, deadline, tally)) {
                    return true;
                }
            } catch (DataAccessException e) {
                log.warn("Reconcile: order_db server {} failed, its rows wait for the next run: {}", part.server(), e.toString());
                failures.add(e);
            }
        }
        return false;
    }

    /** The first failure of a server, rethrown once every server had its turn. */
    private static final class ServerFailures {

        private DataAccessException first;

        void add(DataAccessException failure) {
            if (first == null) {
                first = failure;
            }
        }

        void rethrow() {
            if (first != null) {
                throw first;
            }
        }
    }

    /**
     * Works the due rows of one key range on one server, page by page, until none is left or the budget is spent.
     * Rows count as due once they are overdue by {@code overdue}: zero in the shard's own range, the
     * takeover grace in the others'.
     *
     * @return true when the budget ended the scan
     */
    private boolean scan(int server, ShardRange.KeyRange keys, Duration overdue, long deadline, Tally tally) {
        for (ReconcileStatus status : List.of(ReconcileStatus.PENDING, ReconcileStatus.RETRY)) {
            PagePosition after = PagePosition.before(keys.fromKey());
            while (true) {
                if (clock.millis() >= deadline) {
                    return true;
                }
                LocalDateTime now = LocalDateTime.now(clock);
                LocalDateTime dueBy = now.minus(overdue);
                List<DueKey> page = pages.page(server, status, keys.fromKey(), keys.toKeyInclusive(), dueBy, after,
                        properties.pageSize());
                if (page.isEmpty()) {
                    break;
                }
                PagePosition last = page.get(page.size() - 1).position();
                tally.scanned += page.size();
                long consumed = page.stream().filter(row -> row.msgStatus() == MessageStatus.CONSUMED).count();
                int settled = consumed == 0 ? 0 : finishConsumed(server, status, keys, dueBy, after, last, tally);
                // if the statement left a consumed row (no order row, or claimed or changed since the page was
                // read), the whole page is claimed and decided; rows already finished are not claimable
                List<Long> open = page.stream().filter(row -> settled < consumed || row.msgStatus() != MessageStatus.CONSUMED)
                        .map(DueKey::id).toList();
                if (!open.isEmpty()) {
                    work(server, open, now, tally);
                }
                after = last;
            }
        }
        return false;
    }

    /**
     * The page's rows every consumer reported done, finished at once (most rows of a healthy system).
     *
     * @return how many rows were finished
     */
    private int finishConsumed(int server, ReconcileStatus status, ShardRange.KeyRange keys, LocalDateTime dueBy,
                               PagePosition after, PagePosition last, Tally tally) {
        int finished = pages.finishConsumed(server, status, keys.fromKey(), keys.toKeyInclusive(), dueBy, after, last);
        tally.succeeded += finished;
        count(RowOutcome.RECONCILED, finished);
        return finished;
    }

    /** Claims what the page left open (rows finished since it was read are not claimed) and decides each row. */
    private void work(int server, List<Long> ids, LocalDateTime now, Tally tally) {
        String token = UUID.randomUUID().toString();
        List<DueRow> open = pages.claim(server, ids, token, now, now.plus(properties.claimLease()));
        tally.claimed += open.size();
        if (open.isEmpty()) {
            return;
        }
        Map<Long, DownstreamStatus> inventory;
        Map<Long, DownstreamStatus> createdNotices;
        try {
            inventory = downstream.inventory(open.stream().map(DueRow::orderId).distinct().toList());
            createdNotices = downstream.createdNotices(open.stream()
                    .filter(row -> row.eventType() == OrderEventType.ORDER_CREATED).map(DueRow::orderId).distinct().toList());
        } catch (RuntimeException e) {
            log.warn("Reconcile: a downstream service could not be asked, {} rows wait {}: {}", open.size(),
                    properties.downstreamDownDelay(), e.toString());
            defer(server, open, token, now, tally, e.toString());
            return;
        }
        Map<Long, DownstreamStatus> cancelNotices = cancelNoticeReports(server, open);
        // the order status is read after what the consumers say: a cancel commits before its event can fence the
        // stock, so a fence seen above is always seen with its CANCELED order; read first, a cancel landing
        // between the two reads showed "CREATED, released" and opened a work order (docs/model/README.md)
        Map<Long, OrderStatus> orders = pages.orderStatuses(server, open.stream().map(DueRow::orderId).distinct().toList());
        Settlements settled = new Settlements();
        List<Redrive> redrives = new ArrayList<>();
        for (DueRow row : open) {
            Observation seen = new Observation(row.eventType(), orders.get(row.orderId()),
                    inventory.getOrDefault(row.orderId(), DownstreamStatus.NOT_FOUND),
                    (row.eventType() == OrderEventType.ORDER_CREATED ? createdNotices : cancelNotices)
                            .getOrDefault(row.orderId(), DownstreamStatus.NOT_FOUND));
            Decision decision = DecisionTable.decide(seen);
            if (decision.verdict() == Verdict.REDRIVE) {
                redrives.add(new Redrive(row, seen, decision.actions()));
            } else {
                settle(server, row, seen, decision, token, now, tally, settled);
            }
        }
        // one batch call per kind of re-drive for the page; its rows are decided again with the answers and with
        // their orders' status read again: a cancel that committed while the re-drives ran, and was applied first,
        // makes inventory answer RELEASED, which beside the page's stale CREATED would open a work order for nothing
        // (docs/model/README.md, "A stale order status"; CancelRaceIT met it)
        List<Observation> redriven = redriver.redrive(redrives);
        Map<Long, OrderStatus> ordersNow = redrives.isEmpty() ? Map.of()
                : pages.orderStatuses(server, redrives.stream().map(redrive -> redrive.row().orderId()).distinct().toList());
        for (int i = 0; i < redrives.size(); i++) {
            Observation after = redriven.get(i).withOrderStatus(ordersNow.get(redrives.get(i).row().orderId()));
            settle(server, redrives.get(i).row(), after, DecisionTable.decide(after), token, now, tally, settled);
        }
        finish(server, settled.finishes, token, tally);
        List<DueRow> unreported = settled.unreported;
        if (!unreported.isEmpty()) {
            if (statusRepair.recordApplied(unreported)) {
                finishReconciled(server, unreported.stream().map(DueRow::id).toList(), token, tally);
            } else {
                defer(server, unreported, token, now, tally, "order-service did not take the consumers' statuses");
            }
        }
    }

    /** Escalations happen at once; successes and retries are collected to be finished for the page at once. */
    private void settle(int server, DueRow row, Observation seen, Decision decision, String token, LocalDateTime now,
                        Tally tally, Settlements settled) {
        switch (decision.verdict()) {
            case DONE -> {
                if (seen.appliedByEveryConsumer() && row.msgStatus() != MessageStatus.CONSUMED) {
                    settled.unreported.add(row);
                } else {
                    settled.add(row, new RowFinish(row.id(), ReconcileStatus.SUCCESS, row.retryCount(), now, null),
                            decision.reason());
                }
            }
            case ESCALATE -> escalate(server, row, seen, token, now, tally, decision.reason());
            case WAIT, REDRIVE -> retryOrEscalate(server, row, seen, token, now, tally, decision.reason(), settled);
        }
    }

    private void retryOrEscalate(int server, DueRow row, Observation seen, String token, LocalDateTime now, Tally tally,
                                 String reason, Settlements settled) {
        int retry = row.retryCount() + 1;
        if (retry > properties.maxRetries()) {
            escalate(server, row, seen, token, now, tally, "retries exhausted (" + properties.maxRetries() + "): " + reason);
            return;
        }
        settled.add(row, new RowFinish(row.id(), ReconcileStatus.RETRY, retry, now.plus(backoff.before(retry)),
                Texts.truncate(reason, WorkOrders.MAX_REASON)), reason);
    }

    /** One transaction of two statements for the page; each finished row is then logged and counted as before. */
    private void finish(int server, List<Settlement> settlements, String token, Tally tally) {
        Map<Long, Settlement> byId = new HashMap<>();
        settlements.forEach(settlement -> byId.put(settlement.row().id(), settlement));
        for (RowFinish finished : pages.finish(server, settlements.stream().map(Settlement::finish).toList(), token)) {
            Settlement settlement = byId.get(finished.id());
            DueRow row = settlement.row();
            if (finished.status() == ReconcileStatus.SUCCESS) {
                tally.succeeded++;
                count(RowOutcome.RECONCILED, 1);
                log.debug("Order {}: {} reconciled: {}", row.orderId(), row.eventType(), settlement.reason());
            } else {
                tally.retried++;
                count(RowOutcome.RETRIED, 1);
                try (OrderTraces.OrderScope scope = inTrace(row)) {
                    log.info("Order {}: {} not yet consistent ({}), retry {} of {}", row.orderId(), row.eventType(),
                            settlement.reason(), finished.retryCount(), properties.maxRetries());
                }
            }
        }
    }

    private void escalate(int server, DueRow row, Observation seen, String token, LocalDateTime now, Tally tally,
                          String reason) {
        WorkOrderOpening opening = new WorkOrderOpening(row.orderId(), row.eventType().name(), row.id(), skuOf(row), reason,
                seen.orderStatus() == null ? null : seen.orderStatus().name(), seen.inventory().name(),
                seen.notice().name(), row.retryCount());
        try (OrderTraces.OrderScope scope = inTrace(row)) {
            OptionalLong workOrder = pages.openWorkOrder(server, opening, token, now);
            if (workOrder.isPresent()) {
                tally.escalated++;
                count(RowOutcome.WORK_ORDER, 1);
                log.warn("Order {}: {} handed to work order {} after {} retries: {}", row.orderId(), row.eventType(),
                        workOrder.getAsLong(), row.retryCount(), reason);
            }
        }
    }

    /** The SKU the event names (both event types carry it); null when its payload cannot be read, which must not keep the work order shut. */
    private static Long skuOf(DueRow row) {
        try {
            long sku = switch (row.eventType()) {
                case ORDER_CREATED -> OrderEvents.fromJson(row.payload(), OrderCreatedEvent.class).skuId();
                case ORDER_CANCELED -> OrderEvents.fromJson(row.payload(), OrderCanceledEvent.class).skuId();
            };
            return sku > 0 ? sku : null;
        } catch (OrderEvents.MalformedEventException e) {
            return null;
        }
    }

    private OrderTraces.OrderScope inTrace(DueRow row) {
        return traces.resume("reconcile", row.orderId(), row.traceParent());
    }

    private void finishReconciled(int server, List<Long> ids, String token, Tally tally) {
        if (ids.isEmpty()) {
            return;
        }
        int finished = pages.finishReconciled(server, ids, token);
        tally.succeeded += finished;
        count(RowOutcome.RECONCILED, finished);
    }

    /** Status and retry count stay: the run could not decide these rows, which says nothing about them. */
    private void defer(int server, List<DueRow> page, String token, LocalDateTime now, Tally tally, String error) {
        int deferred = pages.defer(server, page.stream().map(DueRow::id).toList(), token, now.plus(properties.downstreamDownDelay()),
                Texts.truncate("downstream unavailable: " + error, WorkOrders.MAX_REASON));
        tally.deferred += deferred;
        count(RowOutcome.DEFERRED, deferred);
    }

    private Map<Long, DownstreamStatus> cancelNoticeReports(int server, List<DueRow> open) {
        List<Long> canceled = open.stream().filter(row -> row.eventType() == OrderEventType.ORDER_CANCELED)
                .map(DueRow::orderId).distinct().toList();
        if (canceled.isEmpty()) {
            return Map.of();
        }
        return pages.cancelReports(server, OrderMessaging.NOTICE_CONSUMER_GROUP, canceled).entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, report -> switch (report.getValue()) {
                    case SUCCESS -> DownstreamStatus.SUCCESS;
                    case FAIL -> DownstreamStatus.FAIL;
                    case PROCESSING -> DownstreamStatus.PROCESSING;
                    case REFUSED -> DownstreamStatus.REFUSED;
                }));
    }

    private void count(RowOutcome outcome, int howMany) {
        rowOutcomes.get(outcome).increment(howMany);
    }

    /** A settled row, what it becomes, and the reason its log line gives. */
    private record Settlement(DueRow row, RowFinish finish, String reason) {
    }

    /** What a page's decisions leave to be written once for the whole page. */
    private static final class Settlements {
        final List<Settlement> finishes = new ArrayList<>();
        /** rows done whose consumer reports order-service never got: told for the page at once, then finished */
        final List<DueRow> unreported = new ArrayList<>();

        void add(DueRow row, RowFinish finish, String reason) {
            finishes.add(new Settlement(row, finish, reason));
        }
    }

    private static final class Tally {
        int scanned;
        int claimed;
        int succeeded;
        int retried;
        int escalated;
        int deferred;
        int takenOver;
    }
}
