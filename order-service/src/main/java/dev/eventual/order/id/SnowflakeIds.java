package dev.eventual.order.id;

import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * 64-bit, time-ordered order ids: 41 bits of milliseconds since 2026-01-01, 10 bits of worker id,
 * 12 bits of sequence (4,096 ids per millisecond per worker). Every order-service instance needs
 * its own worker id ({@code eventual.order.worker-id}).
 */
public final class SnowflakeIds {

    static final long EPOCH_MILLIS = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    static final int WORKER_BITS = 10;
    static final int SEQUENCE_BITS = 12;
    public static final int MAX_WORKER_ID = (1 << WORKER_BITS) - 1;
    private static final long SEQUENCE_MASK = (1L << SEQUENCE_BITS) - 1;
    /** A clock that stepped back further than this is an operations problem, not something to wait out. */
    private static final long MAX_BACKWARD_MILLIS = 1_000;

    private final long workerId;
    private final LongSupplier clock;
    private long lastMillis = -1;
    private long sequence;

    public SnowflakeIds(int workerId, LongSupplier clock) {
        if (workerId < 0 || workerId > MAX_WORKER_ID) {
            throw new IllegalArgumentException("worker id must be in [0, " + MAX_WORKER_ID + "], was " + workerId);
        }
        this.workerId = workerId;
        this.clock = clock;
    }

    public synchronized long nextId() {
        long now = clock.getAsLong();
        if (now < lastMillis) {
            if (lastMillis - now > MAX_BACKWARD_MILLIS) {
                throw new IllegalStateException("clock moved back " + (lastMillis - now) + " ms; refusing to issue ids");
            }
            now = waitUntilAfter(lastMillis - 1);
        }
        if (now == lastMillis) {
            sequence = (sequence + 1) & SEQUENCE_MASK;
            if (sequence == 0) {
                now = waitUntilAfter(lastMillis);
            }
        } else {
            sequence = 0;
        }
        lastMillis = now;
        return ((now - EPOCH_MILLIS) << (WORKER_BITS + SEQUENCE_BITS)) | (workerId << SEQUENCE_BITS) | sequence;
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
