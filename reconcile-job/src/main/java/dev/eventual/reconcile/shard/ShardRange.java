package dev.eventual.reconcile.shard;

import java.util.ArrayList;
import java.util.List;

/**
 * The contiguous {@code message_log.shard_key} range shard {@code index} of {@code total} owns:
 * [index * 65536 / total, (index + 1) * 65536 / total). The ranges of 0..total-1 cover the key
 * space exactly once; order-service spreads keys evenly (a hash of the order id).
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

    /** A contiguous, inclusive range of {@code message_log.shard_key}. */
    public record KeyRange(int fromKey, int toKeyInclusive) {
    }
}
