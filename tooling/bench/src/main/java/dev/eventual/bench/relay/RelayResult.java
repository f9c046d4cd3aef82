package dev.eventual.bench.relay;

import dev.eventual.bench.load.LatencySummary;

/**
 * What the relay section measured (issue 39): orders with the broker up and during an outage, at the same
 * closed-loop concurrency; then the relay working off a backlog of events accepted without the broker.
 *
 * @param backlog              message_log rows WAITING when the broker was started again
 * @param fillSeconds          how long placing the orders of the backlog took, the measured outage included
 * @param firstSentSeconds     from the broker's start to the relay's first stored send (breaker probe, route refresh)
 * @param allSentSeconds       from the broker's start to no row WAITING
 * @param relaySeconds         from the relay's first to its last stored send of the backlog (relayed_at)
 * @param rowsPerSecond        backlog rows over relaySeconds: the relay's rate on the one order_db server
 * @param allConsistentSeconds from the broker's start to every event reported by both consumers (none WAITING or SENT),
 *                             -1 when the drain ran out first
 */
public record RelayResult(int concurrency, double outageSeconds, Run brokerUp, Run brokerDown, long backlog,
                          double fillSeconds, double firstSentSeconds, double allSentSeconds, double relaySeconds,
                          double rowsPerSecond, double allConsistentSeconds) {

    /** One closed-loop run: orders accepted (201), their latency, and calls that got no 201. */
    public record Run(int placed, double ordersPerSecond, long errors, LatencySummary latency) {
    }
}
