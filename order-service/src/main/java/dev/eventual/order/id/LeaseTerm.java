package dev.eventual.order.id;

import java.time.Duration;

/**
 * What one take or renewal of a worker id lease allows: minting until {@code deadlineNanos}
 * ({@link System#nanoTime()}) and ids up to {@code ceilingMillis} of wall-clock time. Both are counted
 * from just before the statement that took or renewed the lease, so this instance stops no later
 * than the database lets the lease run out.
 */
record LeaseTerm(long ceilingMillis, long deadlineNanos) {

    static LeaseTerm startingAt(long wallMillis, long nanoTime, Duration duration) {
        return new LeaseTerm(wallMillis + duration.toMillis(), nanoTime + duration.toNanos());
    }
}
