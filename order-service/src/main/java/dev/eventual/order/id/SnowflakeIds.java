package dev.eventual.order.id;

import dev.eventual.order.core.shard.OrderShards;

import java.time.Clock;
import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * 64-bit, time-ordered order ids: 41 bits of milliseconds since 2026-01-01, 8 bits of worker id,
 * 4 bits of sequence (16 ids per millisecond per worker: 16,000/s, several times what one instance
 * serves) and, lowest, the customer's 10-bit logical shard ({@link OrderShards#geneOfUser}), so an
 * order id names the order_db server its rows live on (docs/design.md, "Sharding order_db").
 *
 * <p>Ids are minted only under a worker id this instance holds a lease on ({@link WorkerLeaseKeeper}
 * assigns it) and only while that lease lasts: until {@link LeaseTerm#deadlineNanos()} on this JVM's
 * monotonic clock and up to {@link LeaseTerm#ceilingMillis()} of id time. The ceiling is recorded in
 * the lease row, and whoever holds the worker id next mints strictly after it ({@code floorMillis}),
 * so two holders of one worker id never mint the same id, whatever their clocks or pauses.
 */
final class SnowflakeIds {

    static final long EPOCH_MILLIS = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    static final int WORKER_BITS = 8;
    static final int SEQUENCE_BITS = 4;
    static final int GENE_BITS = OrderShards.LOGICAL_BITS;
    static final int MAX_WORKER_ID = (1 << WORKER_BITS) - 1;
    private static final long SEQUENCE_MASK = (1L << SEQUENCE_BITS) - 1;
    /** A clock that stepped back further than this is an operations problem, not something to wait out. */
    static final long MAX_BACKWARD_MILLIS = 1_000;
    private static final int NONE = -1;

    private final LongSupplier clock;
    private final LongSupplier nanoTime;
    private int workerId = NONE;
    private LeaseTerm term;
    private long lastMillis = -1;
    private long sequence;

    SnowflakeIds(Clock clock) {
        this(clock::millis, System::nanoTime);
    }

    SnowflakeIds(LongSupplier clock, LongSupplier nanoTime) {
        this.clock = clock;
        this.nanoTime = nanoTime;
    }

    /**
     * @param gene the customer's logical shard, carried in the id's low bits
     * @throws OrderIdsUnavailableException while no valid lease is held, or the clock stepped back more than 1 s
     */
    synchronized long nextId(int gene) {
        if (gene < 0 || gene >= OrderShards.LOGICAL) {
            throw new IllegalArgumentException("logical shard " + gene + " is outside [0, " + OrderShards.LOGICAL + ")");
        }
        if (workerId == NONE) {
            throw new OrderIdsUnavailableException("this instance holds no worker id lease (is order_db reachable?)");
        }
        if (nanoTime.getAsLong() - term.deadlineNanos() >= 0) {
            throw new OrderIdsUnavailableException("the lease on worker id " + workerId
                    + " could not be renewed in time (is order_db reachable?)");
        }
        long now = clock.getAsLong();
        if (now < lastMillis) {
            if (lastMillis - now > MAX_BACKWARD_MILLIS) {
                throw new OrderIdsUnavailableException("the clock moved back " + (lastMillis - now) + " ms");
            }
            now = waitUntilAfter(lastMillis - 1);
        }
        long next = 0;
        if (now == lastMillis) {
            next = (sequence + 1) & SEQUENCE_MASK;
            if (next == 0) {
                now = waitUntilAfter(lastMillis);
            }
        }
        if (now > term.ceilingMillis()) {
            throw new OrderIdsUnavailableException("the lease on worker id " + workerId + " covers ids up to "
                    + Instant.ofEpochMilli(term.ceilingMillis()) + " only and has not been renewed");
        }
        lastMillis = now;
        sequence = next;
        return ((now - EPOCH_MILLIS) << (WORKER_BITS + SEQUENCE_BITS + GENE_BITS)) | ((long) workerId << (SEQUENCE_BITS + GENE_BITS))
                | (next << GENE_BITS) | gene;
    }

    /**
     * Mints under {@code workerId} from now on, strictly after {@code floorMillis} (the previous
     * holder's ceiling), within {@code term}.
     */
    synchronized void assign(int workerId, long floorMillis, LeaseTerm term) {
        if (workerId < 0 || workerId > MAX_WORKER_ID) {
            throw new IllegalArgumentException("worker id must be in [0, " + MAX_WORKER_ID + "], was " + workerId);
        }
        this.workerId = workerId;
        this.term = term;
        if (floorMillis >= lastMillis) {
            lastMillis = floorMillis;
            sequence = SEQUENCE_MASK; // the floor's millisecond is spent: the next id waits for the one after
        }
    }

    /** A renewal of the lease on {@code workerId}; ignored if that is no longer the assigned id. */
    synchronized void extend(int workerId, LeaseTerm term) {
        if (this.workerId == workerId) {
            this.term = term;
        }
    }

    /** Stops minting and returns the epoch millisecond of the last id minted (or of the floor): none was later. */
    synchronized long revoke() {
        workerId = NONE;
        term = null;
        return lastMillis;
    }

    private long waitUntilAfter(long millis) {
        long now = clock.getAsLong();
        while (now <= millis) {
            Thread.onSpinWait();
            now = clock.getAsLong();
        }
        return now;
    }
}
