package dev.eventual.bench.service;

/** How order-service publishes the order event while the benchmark measures acceptance. */
public enum PublishMode {

    /** (a) production: half message, local transaction, commit (RocketMQ transactional message). */
    TRANSACTIONAL("a", "transactional half message"),
    /** (b) the physical limit: the same local transaction, no broker at all. */
    LOCAL_ONLY("b", "local transaction only"),
    /** (c) the usual alternative: the local transaction, then a plain synchronous send. */
    LOCAL_THEN_SEND("c", "local transaction + sync send");

    private final String letter;
    private final String description;

    PublishMode(String letter, String description) {
        this.letter = letter;
        this.description = description;
    }

    public String letter() {
        return letter;
    }

    public String description() {
        return description;
    }
}
