package dev.eventual.order.id;

import dev.eventual.order.core.shard.OrderShards;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.function.LongSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SnowflakeIdsTest {

    private static final long T0 = SnowflakeIds.EPOCH_MILLIS + 1_000_000;
    private static final LeaseTerm FOREVER = new LeaseTerm(Long.MAX_VALUE, Long.MAX_VALUE);
    private static final int GENE = 677;

    /** Ids under a lease that never runs out, for tests about the id layout. */
    static SnowflakeIds leasedForever(int workerId, LongSupplier clock) {
        SnowflakeIds ids = new SnowflakeIds(clock, () -> 0);
        ids.assign(workerId, -1, FOREVER);
        return ids;
    }

    @Test
    void idsAreUniqueAndIncreasingAcrossSequenceOverflow() {
        // 20 calls per millisecond: more than the 16 sequence values, so the generator must wait
        SnowflakeIds ids = leasedForever(7, new LongSupplier() {
            private int calls;

            @Override
            public long getAsLong() {
                return T0 + (calls++ / 20);
            }
        });
        Set<Long> seen = new HashSet<>();
        long previous = 0;
        for (int i = 0; i < 20_000; i++) {
            long id = ids.nextId(GENE);
            assertThat(id).isGreaterThan(previous);
            assertThat(seen.add(id)).isTrue();
            previous = id;
        }
    }

    @Test
    void workerIdTimeAndTheCustomersLogicalShardAreEncoded() {
        SnowflakeIds ids = leasedForever(255, () -> T0);

        long id = ids.nextId(GENE);

        assertThat(workerOf(id)).isEqualTo(255);
        assertThat(millisOf(id)).isEqualTo(T0);
        assertThat(OrderShards.geneOfOrder(id)).isEqualTo(GENE);
    }

    @Test
    void idsOfDifferentCustomersInOneMillisecondDifferAndEachNamesItsCustomersShard() {
        SnowflakeIds ids = leasedForever(3, () -> T0);
        Set<Long> seen = new HashSet<>();
        for (int gene : new int[] {0, 1, 511, 512, 1023}) {
            long id = ids.nextId(gene);
            assertThat(seen.add(id)).isTrue();
            assertThat(OrderShards.geneOfOrder(id)).isEqualTo(gene);
        }
        assertThatThrownBy(() -> ids.nextId(1024)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ids.nextId(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void clockStepBackBeyondOneSecondIsRefused() {
        long[] now = {T0};
        SnowflakeIds ids = leasedForever(1, () -> now[0]);
        long first = ids.nextId(GENE);

        now[0] = T0 - 5_000;
        assertThatThrownBy(() -> ids.nextId(GENE)).isInstanceOf(OrderIdsUnavailableException.class).hasMessageContaining("the clock moved back 5000 ms");

        now[0] = T0 + 1;
        assertThat(ids.nextId(GENE)).isGreaterThan(first);
    }

    @Test
    void workerIdOutOfRangeIsRefused() {
        SnowflakeIds ids = new SnowflakeIds(() -> T0, () -> 0);
        assertThatThrownBy(() -> ids.assign(256, -1, FOREVER)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ids.assign(-1, -1, FOREVER)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void nothingIsMintedWithoutALease() {
        SnowflakeIds ids = new SnowflakeIds(() -> T0, () -> 0);

        assertThatThrownBy(() -> ids.nextId(GENE)).isInstanceOf(OrderIdsUnavailableException.class)
                .hasMessageContaining("holds no worker id lease");
    }

    @Test
    void mintingStopsWhenTheLeaseDeadlinePassesAndResumesWhenRenewed() {
        long[] nanos = {0};
        SnowflakeIds ids = new SnowflakeIds(() -> T0 + nanos[0] / 1_000_000, () -> nanos[0]);
        ids.assign(5, -1, LeaseTerm.startingAt(T0, 0, Duration.ofSeconds(30)));
        long before = ids.nextId(GENE);

        nanos[0] = Duration.ofSeconds(30).toNanos();
        assertThatThrownBy(() -> ids.nextId(GENE)).isInstanceOf(OrderIdsUnavailableException.class)
                .hasMessageContaining("worker id 5 could not be renewed in time");

        ids.extend(5, LeaseTerm.startingAt(T0 + 30_000, nanos[0], Duration.ofSeconds(30)));
        assertThat(ids.nextId(GENE)).isGreaterThan(before);
    }

    @Test
    void idsLaterThanTheLeaseCeilingAreRefusedEvenIfTheDeadlineHasNotPassed() {
        long[] now = {T0};
        SnowflakeIds ids = new SnowflakeIds(() -> now[0], () -> 0);
        ids.assign(5, -1, new LeaseTerm(T0 + 10, Long.MAX_VALUE));
        ids.nextId(GENE);

        now[0] = T0 + 11; // a wall clock stepped forward
        assertThatThrownBy(() -> ids.nextId(GENE)).isInstanceOf(OrderIdsUnavailableException.class).hasMessageContaining("covers ids up to");

        now[0] = T0 + 10;
        assertThat(millisOf(ids.nextId(GENE))).isEqualTo(T0 + 10);
    }

    @Test
    void aTakenOverWorkerIdIsMintedStrictlyAfterThePreviousHoldersCeiling() {
        long[] now = {T0};
        SnowflakeIds ids = new SnowflakeIds(() -> now[0]++, () -> 0);
        long floor = T0 + 500; // the previous holder may have minted up to here; our clock is 500 ms behind

        ids.assign(9, floor, FOREVER);

        long id = ids.nextId(GENE);
        assertThat(millisOf(id)).isEqualTo(floor + 1);
        assertThat(workerOf(id)).isEqualTo(9);
    }

    @Test
    void revokedOrReassignedIdsStayUniqueAndLeaveTheOldWorkerId() {
        long[] now = {T0};
        SnowflakeIds ids = new SnowflakeIds(() -> now[0], () -> 0);
        ids.assign(1, -1, FOREVER);
        Set<Long> seen = new HashSet<>();
        // the clock stands still: the one sequence of 16 values is shared by both worker ids below
        for (int i = 0; i < 8; i++) {
            seen.add(ids.nextId(GENE));
        }

        assertThat(ids.revoke()).as("the last minted millisecond").isEqualTo(T0);
        assertThatThrownBy(() -> ids.nextId(GENE)).isInstanceOf(OrderIdsUnavailableException.class);
        ids.extend(1, FOREVER); // a late renewal of the lost lease changes nothing
        assertThatThrownBy(() -> ids.nextId(GENE)).isInstanceOf(OrderIdsUnavailableException.class);

        ids.assign(2, -1, FOREVER); // same millisecond, another worker id
        for (int i = 0; i < 8; i++) {
            long id = ids.nextId(GENE);
            assertThat(workerOf(id)).isEqualTo(2);
            assertThat(seen.add(id)).isTrue();
        }
    }

    private static long workerOf(long id) {
        return (id >>> (SnowflakeIds.SEQUENCE_BITS + SnowflakeIds.GENE_BITS)) & SnowflakeIds.MAX_WORKER_ID;
    }

    private static long millisOf(long id) {
        return (id >>> (SnowflakeIds.SEQUENCE_BITS + SnowflakeIds.WORKER_BITS + SnowflakeIds.GENE_BITS)) + SnowflakeIds.EPOCH_MILLIS;
    }
}
