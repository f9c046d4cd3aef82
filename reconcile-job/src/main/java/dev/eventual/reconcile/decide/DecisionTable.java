package dev.eventual.reconcile.decide;

import dev.eventual.common.status.DownstreamStatus;
import dev.eventual.order.core.status.OrderStatus;

import java.util.ArrayList;
import java.util.List;

import static dev.eventual.common.status.DownstreamStatus.FAIL;
import static dev.eventual.common.status.DownstreamStatus.NOT_FOUND;
import static dev.eventual.common.status.DownstreamStatus.PROCESSING;
import static dev.eventual.common.status.DownstreamStatus.REFUSED;
import static dev.eventual.common.status.DownstreamStatus.RELEASED;
import static dev.eventual.common.status.DownstreamStatus.SUCCESS;

/**
 * The reconcile decision table (docs/reconciliation.md), rule by rule, first match wins. A consumer's REFUSED
 * (an event past its retention, docs/retention.md) escalates at once, for either event type.
 * Retry counting and work orders are the caller's: this only says what the state means.
 */
public final class DecisionTable {

    private DecisionTable() {
    }

    public static Decision decide(Observation o) {
        return switch (o.eventType()) {
            case ORDER_CREATED -> created(o);
            case ORDER_CANCELED -> canceled(o);
        };
    }

    /** ORDER_CREATED: stock deducted and the created notice sent, unless the order was canceled. */
    private static Decision created(Observation o) {
        if (o.orderStatus() == null) {
            return Decision.escalate("order row missing for a committed event");
        }
        if (refused(o)) {
            return refusal(o, "notice");
        }
        if (o.orderStatus() == OrderStatus.CANCELED) {
            return Decision.done("order canceled: compensation belongs to its ORDER_CANCELED event");
        }
        if (o.inventory() == RELEASED) {
            return Decision.escalate("stock released or fenced although the order is " + o.orderStatus());
        }
        if (o.inventory() == SUCCESS && o.notice() == SUCCESS) {
            return Decision.done("stock deducted and notice sent");
        }
        if (o.inventory() == PROCESSING || o.notice() == PROCESSING) {
            return Decision.waitFor("in progress: inventory " + o.inventory() + ", notice " + o.notice());
        }
        List<Action> actions = new ArrayList<>();
        if (missingOrFailed(o.inventory())) {
            actions.add(Action.REDRIVE_INVENTORY);
        }
        if (missingOrFailed(o.notice())) {
            actions.add(Action.REDRIVE_NOTICE);
        }
        return redriveOrEscalate(actions, "inventory " + o.inventory() + ", notice " + o.notice());
    }

    /** ORDER_CANCELED: stock given back (or fenced) and the cancel notice sent. */
    private static Decision canceled(Observation o) {
        if (refused(o)) {
            return refusal(o, "cancel notice");
        }
        if (o.inventory() == RELEASED && o.notice() == SUCCESS) {
            return Decision.done("stock released and cancel notice sent");
        }
        if (o.inventory() == PROCESSING || o.notice() == PROCESSING) {
            return Decision.waitFor("in progress: inventory " + o.inventory() + ", notice " + o.notice());
        }
        List<Action> actions = new ArrayList<>();
        if (o.inventory() != RELEASED) {
            actions.add(Action.RELEASE_INVENTORY);
        }
        if (missingOrFailed(o.notice())) {
            actions.add(Action.REDRIVE_CANCEL_NOTICE);
        }
        return redriveOrEscalate(actions, "inventory " + o.inventory() + ", cancel notice " + o.notice());
    }

    /**
     * A consumer refused the event: it came after the consumer's retention, so its record may have been cleaned, and
     * applying it could apply it twice (docs/retention.md). It was not applied, and a re-drive is refused the same
     * way: a person decides, whatever the other consumer says and whatever became of the order.
     */
    private static boolean refused(Observation o) {
        return o.inventory() == REFUSED || o.notice() == REFUSED;
    }

    private static Decision refusal(Observation o, String notice) {
        return Decision.escalate("refused: inventory " + o.inventory() + ", " + notice + " " + o.notice()
                + ": the event came after the consumer's retention and was not applied; no re-drive can apply it,"
                + " a person must decide (docs/retention.md)");
    }

    /** A state no action can fix (a status the service should never answer) goes to a person. */
    private static Decision redriveOrEscalate(List<Action> actions, String state) {
        return actions.isEmpty() ? Decision.escalate("unexpected state: " + state) : Decision.redrive(actions, state);
    }

    private static boolean missingOrFailed(DownstreamStatus status) {
        return status == NOT_FOUND || status == FAIL;
    }
}
