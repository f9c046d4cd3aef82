package dev.eventual.reconcile.shard;

import java.util.ArrayList;
import java.util.List;

/**
 * The contiguous {@code message_log.shard_key} range shard {@code index} of {@code total} owns:
 * [index * 65536 / total, (index + 1) * 65536 / total). The ranges of 0..total-1 cover the key
 * space exactly once; order-service spreads keys evenly (a hash of the order id).
 *
 * <p>With order_db on several servers ({@link #own(int)}): an executor owns whole servers when there are
 * at least as many servers as executors (server s goes to executor s mod total), and otherwise one
 * server's key range split among the executors that share it (executor i works server i mod servers).
 * With one server that is exactly the key range above.
 */
public record ShardRange(int index, int total, int fromKey, int toKeyInclusive) {

    public static final int KEY_SPACE = 1 << 16;

    public static ShardRange of(int index, int total) {
        if (total < 1 || index < 0 || index >= total) {
            throw new IllegalArgumentException("shard " + index + " of " + total + " does not exist");
        }
        int from = (int) ((long) index * KEY_SPACE / total);
        int to = (int) ((long) (index + 1) * KEY_SPACE / total) - 1;
        return new ShardRange(index, total, from, to);
    }

    /** This shard's own keys. */
    public KeyRange keys() {
        return new KeyRange(fromKey, toKeyInclusive);
    }

    /** The keys the other shards own: before this range and after it, either possibly absent. */
    public List<KeyRange> othersKeys() {
        List<KeyRange> others = new ArrayList<>(2);
        if (fromKey > 0) {
            others.add(new KeyRange(0, fromKey - 1));
        }
        if (toKeyInclusive < KEY_SPACE - 1) {
            others.add(new KeyRange(toKeyInclusive + 1, KEY_SPACE - 1));
        }
        return others;
    }

    /** What this shard owns on order_db's {@code servers} servers; every (server, key) has exactly one owner. */
    public List<Part> own(int servers) {
        List<Part> own = new ArrayList<>();
        if (servers >= total) {
            for (int server = index; server < servers; server += total) {
                own.add(new Part(server, ALL_KEYS));
            }
            return own;
        }
        ShardRange onServer = onItsServer(servers);
        own.add(new Part(index % servers, onServer.keys()));
        return own;
    }

    /**
     * The order_db servers this shard works whole in a job that goes by server rather than by key (the retention
     * cleanup): server s is shard (s mod total)'s, as in {@link #own(int)} when there are at least as many servers,
     * so with more shards than servers the shards from {@code servers} on have none.
     */
    public List<Integer> wholeServers(int servers) {
        List<Integer> whole = new ArrayList<>();
        for (int server = index; server < servers; server += total) {
            whole.add(server);
        }
        return whole;
    }

    /** Everything the other shards own, for taking over what they leave overdue. */
    public List<Part> others(int servers) {
        List<Part> others = new ArrayList<>();
        int ownServer = servers >= total ? -1 : index % servers;
        for (int server = 0; server < servers; server++) {
            if (server == ownServer) {
                onItsServer(servers).othersKeys().forEach(keys -> others.add(new Part(ownServer, keys)));
            } else if (servers < total || server % total != index) {
                others.add(new Part(server, ALL_KEYS));
            }
        }
        return others;
    }

    /** This shard's place among the shards that share its server (fewer servers than shards). */
    private ShardRange onItsServer(int servers) {
        int server = index % servers;
        int sharing = (total - server + servers - 1) / servers;
        return of(index / servers, sharing);
    }

    private static final KeyRange ALL_KEYS = new KeyRange(0, KEY_SPACE - 1);

    /** Keys of one order_db server. */
    public record Part(int server, KeyRange keys) {
    }

    /** A contiguous, inclusive range of {@code message_log.shard_key}. */
    public record KeyRange(int fromKey, int toKeyInclusive) {
    }
}
