package dev.eventual.reconcile.workorder;

/**
 * What a bulk act did.
 *
 * @param worked    work orders resolved with the action, each audited under the resolver's name
 * @param skipped   work orders resolved by someone else, or whose event moved on, meanwhile (audited REJECTED)
 * @param remaining open work orders that still match the filter: the next request's count
 */
public record BulkResult(int worked, int skipped, long remaining) {
}
