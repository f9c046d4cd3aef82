package dev.eventual.reconcile.shard;

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
}
