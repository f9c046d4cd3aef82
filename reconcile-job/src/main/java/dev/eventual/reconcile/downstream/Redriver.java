package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.RedriveBatch;
import dev.eventual.common.api.RedriveResult;
import dev.eventual.common.api.RedriveResults;
import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.status.DownstreamStatus;
import dev.eventual.reconcile.decide.Action;
import dev.eventual.reconcile.decide.Observation;
import dev.eventual.order.core.reconcile.ReconcilePages.DueRow;
import dev.eventual.tracing.OrderTraces;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a page's re-drives with the event payloads stored in message_log, one call per kind of action
 * for the whole page (the services' batch re-drive endpoints; every downstream call is idempotent).
 * A row's own actions stay in order: every row's first action is done before any row's second.
 * Each row's re-drive is counted in {@code eventual.reconcile.redrives} by action and by what the
 * service answered ({@code not_done} when the call failed or did not get to the row). Each event goes
 * with its order's trace, and each row's outcome is logged in it (docs/tracing.md).
 */
@Component
public class Redriver {

    private static final Logger log = LoggerFactory.getLogger(Redriver.class);
    /** The result of a re-drive whose call failed or did not get to the row. */
    private static final String NOT_DONE = "not_done";

    private final InventoryClient inventory;
    private final NoticeClient notice;
    private final Map<Action, Map<String, Counter>> counted = new EnumMap<>(Action.class);
    private final OrderTraces traces;

    public Redriver(InventoryClient inventory, NoticeClient notice, MeterRegistry meters, OrderTraces traces) {
        this.inventory = inventory;
        this.notice = notice;
        this.traces = traces;
        // every action with every answer from the start: the dashboard's increase() needs a sample before the first
        for (Action action : Action.values()) {
            Map<String, Counter> byResult = new HashMap<>();
            for (DownstreamStatus answer : DownstreamStatus.values()) {
                byResult.put(answer.name(), counter(meters, action, answer.name()));
            }
            byResult.put(NOT_DONE, counter(meters, action, NOT_DONE));
            counted.put(action, byResult);
        }
    }

    /** What is known after each row's actions, in the order of {@code redrives}. */
    public List<Observation> redrive(List<Redrive> redrives) {
        List<Observation> after = new ArrayList<>(redrives.stream().map(Redrive::seen).toList());
        int steps = redrives.stream().mapToInt(redrive -> redrive.actions().size()).max().orElse(0);
        for (int step = 0; step < steps; step++) {
            Map<Action, List<Integer>> byAction = new EnumMap<>(Action.class);
            for (int i = 0; i < redrives.size(); i++) {
                List<Action> actions = redrives.get(i).actions();
                if (step < actions.size()) {
                    byAction.computeIfAbsent(actions.get(step), action -> new ArrayList<>()).add(i);
                }
            }
            byAction.forEach((action, rows) -> {
                List<DownstreamStatus> statuses = performAll(action, rows.stream().map(i -> redrives.get(i).row()).toList());
                for (int k = 0; k < rows.size(); k++) {
                    int i = rows.get(k);
                    after.set(i, after.get(i).after(action, statuses.get(k)));
                    count(action, statuses.get(k));
                }
            });
        }
        return after;
    }

    /**
     * @return each row's downstream status afterwards, or null where the call failed or the service
     *         stopped before the row (the next run tries again)
     */
    private List<DownstreamStatus> performAll(Action action, List<DueRow> rows) {
        List<DownstreamStatus> statuses = new ArrayList<>();
        try {
            RedriveResults results = switch (action) {
                case REDRIVE_INVENTORY -> inventory.retryAll(createdBatch(rows));
                case REDRIVE_NOTICE -> notice.retryAllCreated(createdBatch(rows));
                case RELEASE_INVENTORY -> inventory.releaseAll(canceledBatch(rows));
                case REDRIVE_CANCEL_NOTICE -> notice.retryAllCanceled(canceledBatch(rows));
            };
            for (int k = 0; k < rows.size(); k++) {
                DueRow row = rows.get(k);
                RedriveResult result = k < results.results().size() ? results.results().get(k) : null;
                boolean done = result != null && result.orderId().equals(Long.toString(row.orderId()));
                try (OrderTraces.OrderScope scope = traces.resume("re-drive", row.orderId(), row.traceParent())) {
                    if (done) {
                        log.info("Order {}: {} -> {} ({})", row.orderId(), action, result.status(), result.detail());
                    } else {
                        log.info("Order {}: {} not done in this run, the next one tries again", row.orderId(), action);
                    }
                }
                statuses.add(done ? result.status() : null);
            }
        } catch (RuntimeException e) {
            log.warn("Orders {}: {} failed, the next run tries again: {}", rows.stream().map(DueRow::orderId).toList(),
                    action, e.toString());
            rows.forEach(row -> statuses.add(null));
        }
        return statuses;
    }

    private void count(Action action, DownstreamStatus answer) {
        counted.get(action).get(answer == null ? NOT_DONE : answer.name()).increment();
    }

    private static Counter counter(MeterRegistry meters, Action action, String result) {
        return meters.counter("eventual.reconcile.redrives", "action", action.name(), "result", result);
    }

    /** The rows' stored events, each with its order's trace. */
    private static RedriveBatch<OrderCreatedEvent> createdBatch(List<DueRow> rows) {
        return new RedriveBatch<>(rows.stream().map(Redriver::created).toList(),
                rows.stream().map(DueRow::traceParent).toList());
    }

    private static RedriveBatch<OrderCanceledEvent> canceledBatch(List<DueRow> rows) {
        return new RedriveBatch<>(rows.stream().map(Redriver::canceled).toList(),
                rows.stream().map(DueRow::traceParent).toList());
    }

    private static OrderCreatedEvent created(DueRow row) {
        return OrderEvents.fromJson(row.payload(), OrderCreatedEvent.class);
    }

    private static OrderCanceledEvent canceled(DueRow row) {
        return OrderEvents.fromJson(row.payload(), OrderCanceledEvent.class);
    }
}
