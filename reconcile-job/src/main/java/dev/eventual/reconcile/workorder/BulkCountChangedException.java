package dev.eventual.reconcile.workorder;

/** The open work orders a bulk act would work are not as many as the person confirmed: nothing was done. */
public class BulkCountChangedException extends RuntimeException {

    BulkCountChangedException(long expected, long matching) {
        super(matching + " open work orders match now, not the " + expected + " confirmed; nothing was done."
                + " Review the count and confirm again");
    }
}
