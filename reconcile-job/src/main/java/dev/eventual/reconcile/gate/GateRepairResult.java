package dev.eventual.reconcile.gate;

/**
 * What one repair run did.
 *
 * @param restored  reservations of orders in flight restored after Redis lost its data
 * @param rebuilt   SKUs seeded by the rebuild
 * @param givenBack reservations with no order after the grace, given back
 * @param corrected units by which the counts of the reseeded SKUs were off, summed as absolute values
 * @param reseeded  SKUs seeded again from their stock
 * @param stopped   true when inventory-service or Redis could not be reached: the next run goes on
 */
public record GateRepairResult(int restored, int rebuilt, int givenBack, long corrected, int reseeded, boolean stopped) {

    static final GateRepairResult OFF = new GateRepairResult(0, 0, 0, 0, 0, false);

    public String summary() {
        return "restored " + restored + " reservations, rebuilt " + rebuilt + " SKUs, gave back " + givenBack
                + " reservations, corrected " + corrected + " units over " + reseeded + " SKUs reseeded"
                + (stopped ? "; stopped early, the next run goes on" : "");
    }
}
