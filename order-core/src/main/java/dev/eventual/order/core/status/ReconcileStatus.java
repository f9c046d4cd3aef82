package dev.eventual.order.core.status;

/**
 * {@code message_log.reconcile_status}. PENDING (new) or RETRY (re-driven, waiting for
 * {@code next_reconcile_time}) are due for the reconcile job; SUCCESS and FAIL (work order opened)
 * are final until an operator acts; SKIPPED rows are never reconciled, only archived (no service writes it;
 * the benchmark retires its comparison rows with it).
 */
public enum ReconcileStatus {
    PENDING,
    RETRY,
    SUCCESS,
    FAIL,
    SKIPPED
}
