package dev.eventual.reconcile.run;

import java.util.Locale;

/** What a run did with a row: the {@code outcome} of {@code eventual.reconcile.rows}, a fixed set registered at start. */
enum RowOutcome {
    /** Finished SUCCESS. */
    RECONCILED,
    /** Back to RETRY, with its back-off. */
    RETRIED,
    /** Finished FAIL: a work order opened. */
    WORK_ORDER,
    /** Left as it was: a downstream service could not be asked. */
    DEFERRED;

    String tag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
