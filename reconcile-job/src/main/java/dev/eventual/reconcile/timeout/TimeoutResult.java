package dev.eventual.reconcile.timeout;

/**
 * What one run of the unpaid timeout did in its shard.
 *
 * @param canceled  orders order-service canceled for the timeout
 * @param lostRaces orders order-service refused with 409: paid or canceled since the scan read them
 * @param failed    orders whose cancel failed otherwise; they stay CREATED and the next run tries again
 * @param stopped   the run stopped early because order-service could not be reached
 */
public record TimeoutResult(int canceled, int lostRaces, int failed, boolean stopped) {

    public String summary() {
        return "unpaid orders canceled " + canceled + ", lost races " + lostRaces + ", failed " + failed
                + (stopped ? " (stopped: order-service unreachable)" : "");
    }
}
