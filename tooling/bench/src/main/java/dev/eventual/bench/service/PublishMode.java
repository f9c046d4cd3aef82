package dev.eventual.bench.service;

/** How order-service publishes the order event while the benchmark measures acceptance. */
public enum PublishMode {

    /** (a) production: half message, local transaction, commit (RocketMQ transactional message). */
    TRANSACTIONAL("a", true),
    /** (b) the physical limit: the same local transaction, no broker at all. */
    LOCAL_ONLY("b", false),
    /** (c) the protocol alone: the local transaction, then a plain synchronous send to a topic nobody reads. */
    LOCAL_THEN_SEND("c", false),
    /**
     * (c') the usual alternative doing a's downstream work: the local transaction, then a plain synchronous
     * send to the order topic itself, so the consumers deduct, notify and report as they do for (a).
     */
    LOCAL_THEN_SEND_CONSUMED("c'", true);

    private final String letter;
    private final boolean feedsConsumers;

    PublishMode(String letter, boolean feedsConsumers) {
        this.letter = letter;
        this.feedsConsumers = feedsConsumers;
    }

    public String letter() {
        return letter;
    }

    /** Its events reach inventory- and notice-service: a step leaves a backlog the next must not pay for. */
    public boolean feedsConsumers() {
        return feedsConsumers;
    }
}
