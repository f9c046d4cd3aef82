package dev.eventual.order.core.outbox;

/** {@code tx_attempt_barrier.outcome}: how one publish attempt ended, as far as the database knows. */
enum AttemptOutcome {
    /** Written by the attempt's own local transaction: it holds while that transaction is in flight and counts once it commits. */
    COMMITTED,
    /** Written by a check-back that found no committed attempt: that attempt can never commit now. */
    ROLLED_BACK
}
