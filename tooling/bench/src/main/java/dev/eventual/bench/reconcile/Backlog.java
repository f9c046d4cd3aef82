package dev.eventual.bench.reconcile;

/** What the due rows look like. */
public enum Backlog {

    /** Every consumer reported SUCCESS: the run settles a page in one statement, asking nobody. */
    ALL_CONSISTENT("all consistent", 0),
    /** Every tenth row's stock deduction FAILED: the run asks both services, re-drives it and schedules a retry. */
    TEN_PERCENT_RETRY("10% need retry", 10);

    private final String description;
    private final int retryEvery;

    Backlog(String description, int retryEvery) {
        this.description = description;
        this.retryEvery = retryEvery;
    }

    public String description() {
        return description;
    }

    boolean needsRetry(long index) {
        return retryEvery > 0 && index % retryEvery == 0;
    }
}
