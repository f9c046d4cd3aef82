package dev.eventual.bench.reconcile;

import java.util.List;

/** Section 4; {@code note} says which combinations ran (the largest backlog runs only one). */
public record ReconcileResult(List<ReconcileCase> cases, String note) {
}
