package dev.eventual.order.core.shard;

import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;

/**
 * Fails fast for a server that just refused connections. Without it every request for a dead server
 * would wait the pool's connection timeout, holding a web thread the live servers' customers need
 * (issue 29: "refused fast (503), not held"). After {@code downFor} the next request tries again.
 */
final class ServerHealth {

    private final AtomicLongArray downUntil;
    private final long downForNanos;
    private final LongSupplier nanoTime;

    ServerHealth(int servers, Duration downFor, LongSupplier nanoTime) {
        this.downUntil = new AtomicLongArray(servers);
        this.downForNanos = downFor.toNanos();
        this.nanoTime = nanoTime;
    }

    /** @throws SQLTransientConnectionException while the server counts as down; one caller at a time passes to probe it */
    void check(int server, String name) throws SQLTransientConnectionException {
        long until = downUntil.get(server);
        if (until == 0) {
            return;
        }
        long now = nanoTime.getAsLong();
        if (now - until < 0 || !downUntil.compareAndSet(server, until, now + downForNanos)) {
            throw new SQLTransientConnectionException(name + " refused connections moments ago: failing fast");
        }
    }

    void failed(int server) {
        long until = nanoTime.getAsLong() + downForNanos;
        downUntil.set(server, until == 0 ? 1 : until);
    }

    void succeeded(int server) {
        if (downUntil.get(server) != 0) {
            downUntil.set(server, 0);
        }
    }
}
