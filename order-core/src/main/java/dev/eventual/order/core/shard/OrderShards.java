package dev.eventual.order.core.shard;

import java.util.function.Supplier;

/**
 * Where an order's rows live when order_db is split across database servers (docs/design.md,
 * "Sharding order_db").
 *
 * <p>A customer belongs to one of {@value #LOGICAL} logical shards, {@code user_id mod 1024} (the
 * "gene"), and every order id carries its customer's gene in its low 10 bits, so both ways in reach
 * one server: by customer (list my orders, the Idempotency-Key) and by order id (read, cancel, pay,
 * consumer reports, the broker's check-back, whose message key is the order id). All rows of one
 * order ({@code t_order}, {@code message_log}, {@code tx_attempt_barrier}, consumer statuses) share
 * the order id, so its local transaction stays on one server.
 *
 * <p>Server {@code i} of {@code n} holds the contiguous logical shards
 * {@code [i * 1024 / n, (i + 1) * 1024 / n)}; going from 2 to 4 servers moves half of each server's
 * range to a new one and rehashes nothing (docs/operations.md, "Resharding order_db").
 *
 * <p>Statements reach a server through {@link #on(int, Supplier)}: a scope on this thread that the
 * routing data source reads when a connection is taken (so it must enclose a transaction, never sit
 * inside one). With one server the scope may be left out.
 */
public final class OrderShards {

    public static final int LOGICAL_BITS = 10;
    public static final int LOGICAL = 1 << LOGICAL_BITS;
    private static final long LOGICAL_MASK = LOGICAL - 1;
    private static final ThreadLocal<Integer> CURRENT = new ThreadLocal<>();

    private final int servers;

    public OrderShards(int servers) {
        if (!isServerCount(servers)) {
            throw new IllegalArgumentException("order_db servers must be a power of two from 1 to " + LOGICAL
                    + " (each takes an equal range of the logical shards), not " + servers);
        }
        this.servers = servers;
    }

    /**
     * Whether order_db can be split across this many servers: a power of two from 1 to {@link #LOGICAL},
     * so that each takes an equal range of the logical shards. Every tool that takes a number of servers
     * asks here.
     */
    public static boolean isServerCount(int servers) {
        return servers >= 1 && servers <= LOGICAL && Integer.bitCount(servers) == 1;
    }

    /** How many {@code message_log.shard_key} values there are: reconcile shard i of n scans [i * SPACE / n, (i + 1) * SPACE / n). */
    public static final int SHARD_KEY_SPACE = 1 << 16;

    /**
     * {@code message_log.shard_key}: the order id mixed (MurmurHash3's 64-bit finaliser) into
     * [0, {@link #SHARD_KEY_SPACE}). Snowflake ids share their high bits and often end in sequence 0, so the raw
     * id would give unbalanced ranges; the mix spreads them evenly over the reconcile shards' contiguous ranges.
     */
    public static int shardKeyOf(long orderId) {
        long h = orderId;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return (int) (h >>> 48);
    }

    public int servers() {
        return servers;
    }

    /** The customer's logical shard (gene), which its order ids carry. */
    public static int geneOfUser(long userId) {
        return (int) Math.floorMod(userId, (long) LOGICAL);
    }

    public static int geneOfOrder(long orderId) {
        return (int) (orderId & LOGICAL_MASK);
    }

    public int serverOfGene(int gene) {
        if (gene < 0 || gene >= LOGICAL) {
            throw new IllegalArgumentException("logical shard " + gene + " is outside [0, " + LOGICAL + ")");
        }
        return gene / (LOGICAL / servers);
    }

    public int serverOfUser(long userId) {
        return serverOfGene(geneOfUser(userId));
    }

    public int serverOfOrder(long orderId) {
        return serverOfGene(geneOfOrder(orderId));
    }

    /** Runs {@code work} with this thread's order_db statements going to {@code server}. */
    public <T> T on(int server, Supplier<T> work) {
        if (server < 0 || server >= servers) {
            throw new IllegalArgumentException("order_db server " + server + " does not exist (" + servers + " configured)");
        }
        Integer outer = CURRENT.get();
        if (outer != null && outer != server) {
            throw new IllegalStateException("order_db work for server " + server + " inside work for server " + outer
                    + ": one transaction never spans servers");
        }
        CURRENT.set(server);
        try {
            return work.get();
        } finally {
            if (outer == null) {
                CURRENT.remove();
            }
        }
    }

    public void run(int server, Runnable work) {
        on(server, () -> {
            work.run();
            return null;
        });
    }

    public <T> T onOrder(long orderId, Supplier<T> work) {
        return on(serverOfOrder(orderId), work);
    }

    public <T> T onUser(long userId, Supplier<T> work) {
        return on(serverOfUser(userId), work);
    }

    /** The server this thread's statements go to: the scope's, or the only one. */
    int current() {
        Integer server = CURRENT.get();
        if (server != null) {
            return server;
        }
        if (servers == 1) {
            return 0;
        }
        throw new IllegalStateException("an order_db statement outside a shard scope, with " + servers
                + " servers: the caller must say which (OrderShards.on)");
    }
}
