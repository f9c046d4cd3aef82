package dev.eventual.bench.consistency;

/**
 * Section 3: orders placed at fixed concurrency for a while, then followed until the reconcile job
 * marked them SUCCESS.
 *
 * @param consistentPerSecond orders reconciled / (last reconcile time - first send time): the sustained rate
 * @param acceptedPerSecond   orders accepted per second while the load ran
 * @param notReconciled       orders still not SUCCESS when the drain time ran out
 */
public record EndToEndResult(int concurrency, double loadSeconds, int placed, long errors, double acceptedPerSecond,
                             int reconciled, int notReconciled, double spanSeconds, double consistentPerSecond) {
}
