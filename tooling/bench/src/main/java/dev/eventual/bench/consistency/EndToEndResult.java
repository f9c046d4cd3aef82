package dev.eventual.bench.consistency;

import dev.eventual.bench.resources.SectionUsage;

/**
 * Section 3: orders placed at fixed concurrency for a while, then followed until the reconcile job
 * marked them SUCCESS.
 *
 * @param consistentPerSecond orders reconciled / (last reconcile time - first send time): the sustained rate
 * @param acceptedPerSecond   orders accepted per second while the load ran
 * @param notReconciled       orders still not SUCCESS when the drain time ran out
 * @param cpuMsPerConsistentOrder CPU of every process on the box (services, mariadbd, broker and load generator)
 *                            during the section, per reconciled order
 */
public record EndToEndResult(int concurrency, double loadSeconds, int placed, long errors, double acceptedPerSecond,
                             int reconciled, int notReconciled, double spanSeconds, double consistentPerSecond,
                             double cpuMsPerConsistentOrder) {

    /** This result with the section's CPU, measured around it. */
    public EndToEndResult withCpu(SectionUsage usage) {
        double cpuMs = usage.processes().stream().mapToDouble(p -> p.cpuCores() * usage.seconds() * 1000).sum();
        return new EndToEndResult(concurrency, loadSeconds, placed, errors, acceptedPerSecond, reconciled, notReconciled,
                spanSeconds, consistentPerSecond, reconciled == 0 ? 0 : cpuMs / reconciled);
    }
}
