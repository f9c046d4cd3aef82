package dev.eventual.order.core.store;

/**
 * {@code message_log.shard_key}: the order id mixed (MurmurHash3's 64-bit finaliser) into
 * [0, 65536). Snowflake ids share their high bits and often end in sequence 0, so the raw id would
 * give unbalanced ranges; the mix spreads them evenly, and reconcile shard i of n then scans the
 * contiguous key range [i * 65536 / n, (i + 1) * 65536 / n).
 */
public final class ShardKeys {

    public static final int SPACE = 1 << 16;

    private ShardKeys() {
    }

    public static int of(long orderId) {
        long h = orderId;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return (int) (h >>> 48);
    }
}
