package dev.eventual.reconcile.downstream;

import dev.eventual.reconcile.decide.Action;
import dev.eventual.reconcile.decide.Observation;
import dev.eventual.order.core.reconcile.ReconcilePages.DueRow;

import java.util.List;

/** A row the decision table sent to be re-driven: what the run saw, and the actions, in order. */
public record Redrive(DueRow row, Observation seen, List<Action> actions) {
}
