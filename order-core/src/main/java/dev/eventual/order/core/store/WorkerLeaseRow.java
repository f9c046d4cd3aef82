package dev.eventual.order.core.store;

/**
 * A row of {@code order_worker_lease}.
 *
 * @param live      whether the lease runs beyond the database's current time
 * @param expiresAt database time the lease runs to, as text for messages; null when never taken or released
 */
public record WorkerLeaseRow(int workerId, String holder, String expiresAt, long maxMillis, boolean live) {
}
