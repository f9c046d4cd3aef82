package dev.eventual.order.id;

import dev.eventual.order.core.shard.OrderShards;
import org.junit.jupiter.api.Test;

import java.util.function.LongSupplier;

import static org.assertj.core.api.Assertions.assertThat;

class ShardKeysTest {

    /**
     * 100k real snowflake ids (sequence mostly 0, as at low load, plus bursts) split into n contiguous
     * shard-key ranges stay balanced for every n from 1 to 64: max / min rows per shard <= 1.2.
     */
    @Test
    void snowflakeIdsSpreadEvenlyOverContiguousShardRanges() {
        long[] keys = new long[100_000];
        LongSupplier clock = new LongSupplier() {
            private long millis = SnowflakeIds.EPOCH_MILLIS + 86_400_000L;
            private int calls;

            @Override
            public long getAsLong() {
                // a quiet stretch (one id per millisecond), then bursts of up to 40 ids per millisecond
                calls++;
                millis += calls < 50_000 ? 1 : (calls % 40 == 0 ? 1 : 0);
                return millis;
            }
        };
        SnowflakeIds ids = SnowflakeIdsTest.leasedForever(3, clock);
        for (int i = 0; i < keys.length; i++) {
            keys[i] = OrderShards.shardKeyOf(ids.nextId(i % 1024));
        }
        for (int n = 1; n <= 64; n++) {
            int[] rows = new int[n];
            for (long key : keys) {
                rows[shardOf(key, n)]++;
            }
            int max = java.util.Arrays.stream(rows).max().orElseThrow();
            int min = java.util.Arrays.stream(rows).min().orElseThrow();
            assertThat((double) max / min).as("n = %d, rows %s", n, java.util.Arrays.toString(rows)).isLessThanOrEqualTo(1.2);
        }
    }

    @Test
    void keysStayInTheirSpace() {
        for (long id : new long[]{1, Long.MAX_VALUE, -1, 0, 117826204605612032L}) {
            assertThat(OrderShards.shardKeyOf(id)).isBetween(0, OrderShards.SHARD_KEY_SPACE - 1);
        }
    }

    /** The range rule reconcile shards use: shard i of n owns [i * SPACE / n, (i + 1) * SPACE / n). */
    private static int shardOf(long key, int n) {
        return (int) (key * n / OrderShards.SHARD_KEY_SPACE);
    }
}
