package dev.eventual.bench.service;

/** How order-service publishes the order event while the benchmark measures acceptance. */
public enum PublishMode {

    /** (a) production: half message, local transaction, commit (RocketMQ transactional message). */
    TRANSACTIONAL("a", "transactional half message", true),
    /** (b) the physical limit: the same local transaction, no broker at all. */
    LOCAL_ONLY("b", "local transaction only", false),
    /** (c) the protocol alone: the local transaction, then a plain synchronous send to a topic nobody reads. */
    LOCAL_THEN_SEND("c", "local transaction + sync send, unconsumed topic", false),
    /**
     * (c') the usual alternative doing a's downstream work: the local transaction, then a plain synchronous
     * send to the order topic itself, so the consumers deduct, notify and report as they do for (a).
     */
    LOCAL_THEN_SEND_CONSUMED("c'", "local transaction + sync send, order topic", true);

    private final String letter;
    private final String description;
    private final boolean feedsConsumers;

    PublishMode(String letter, String description, boolean feedsConsumers) {
        this.letter = letter;
        this.description = description;
        this.feedsConsumers = feedsConsumers;
    }

    public String letter() {
        return letter;
    }

    public String description() {
        return description;
    }

    /** Its events reach inventory- and notice-service: a step leaves a backlog the next must not pay for. */
    public boolean feedsConsumers() {
        return feedsConsumers;
    }
}
