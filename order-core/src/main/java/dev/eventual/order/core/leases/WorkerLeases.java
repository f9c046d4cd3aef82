package dev.eventual.order.core.leases;

import dev.eventual.order.core.shard.OrderShards;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * The snowflake worker-id leases of each order_db server ({@code order_worker_lease}), for order-service's
 * id minting: find, take, renew and release one, each a single statement on the named server. Every expiry
 * is computed and compared by that database's clock, never an instance's (docs/design.md, "Order ids").
 */
@Component
public class WorkerLeases {

    private final OrderShards shards;
    private final WorkerLeaseMapper leases;

    WorkerLeases(OrderShards shards, WorkerLeaseMapper leases) {
        this.shards = shards;
        this.leases = leases;
    }

    /** The lease row of {@code workerId}, or null when the server has none. */
    public Lease find(int server, int workerId) {
        return shards.on(server, () -> leases.find(workerId));
    }

    /** Free worker ids whose previous holders' ids all lie at or before {@code maxFloor}, least recently used first. */
    public List<Lease> free(int server, long maxFloor, int limit) {
        return shards.on(server, () -> leases.free(maxFloor, limit));
    }

    /** How many leases live instances hold on the server. */
    public int countLive(int server) {
        return shards.on(server, leases::countLive);
    }

    /** Takes a free worker id as it was read: of two instances taking it at once, exactly one gets true. */
    public boolean take(int server, Lease seen, String holder, long leaseMicros, long ceilingMillis) {
        return shards.on(server, () -> leases.take(seen.workerId(), seen.maxMillis(), holder, leaseMicros, ceilingMillis)) == 1;
    }

    /** Extends the lease if {@code holder} still has it (or nobody took it over since it ran out). */
    public boolean renew(int server, int workerId, String holder, long leaseMicros, long ceilingMillis) {
        return shards.on(server, () -> leases.renew(workerId, holder, leaseMicros, ceilingMillis)) == 1;
    }

    /** Frees the worker id; {@code lastMillis} (no id minted under it is later) becomes the next holder's floor. */
    public void release(int server, int workerId, String holder, long lastMillis) {
        shards.on(server, () -> leases.release(workerId, holder, lastMillis));
    }

    /**
     * A row of {@code order_worker_lease}.
     *
     * @param live      whether the lease runs beyond the database's current time
     * @param expiresAt database time the lease runs to, as text for messages; null when never taken or released
     */
    public record Lease(int workerId, String holder, String expiresAt, long maxMillis, boolean live) {
    }
}
