package dev.eventual.order.id;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;
import java.util.function.LongSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SnowflakeIdsTest {

    private static final long T0 = SnowflakeIds.EPOCH_MILLIS + 1_000_000;

    @Test
    void idsAreUniqueAndIncreasingAcrossSequenceOverflow() {
        // 5,000 calls per millisecond: more than the 4,096 sequence values, so the generator must wait
        SnowflakeIds ids = new SnowflakeIds(7, new LongSupplier() {
            private int calls;

            @Override
            public long getAsLong() {
                return T0 + (calls++ / 5_000);
            }
        });
        Set<Long> seen = new HashSet<>();
        long previous = 0;
        for (int i = 0; i < 20_000; i++) {
            long id = ids.nextId();
            assertThat(id).isGreaterThan(previous);
            assertThat(seen.add(id)).isTrue();
            previous = id;
        }
    }

    @Test
    void workerIdAndTimeAreEncoded() {
        SnowflakeIds ids = new SnowflakeIds(1023, () -> T0);

        long id = ids.nextId();

        assertThat((id >>> SnowflakeIds.SEQUENCE_BITS) & SnowflakeIds.MAX_WORKER_ID).isEqualTo(1023);
        assertThat((id >>> (SnowflakeIds.SEQUENCE_BITS + SnowflakeIds.WORKER_BITS)) + SnowflakeIds.EPOCH_MILLIS).isEqualTo(T0);
    }

    @Test
    void clockStepBackBeyondOneSecondIsRefused() {
        long[] now = {T0};
        SnowflakeIds ids = new SnowflakeIds(1, () -> now[0]);
        long first = ids.nextId();

        now[0] = T0 - 5_000;
        assertThatThrownBy(ids::nextId).isInstanceOf(IllegalStateException.class).hasMessageContaining("clock moved back");

        now[0] = T0 + 1;
        assertThat(ids.nextId()).isGreaterThan(first);
    }

    @Test
    void workerIdOutOfRangeIsRefused() {
        assertThatThrownBy(() -> new SnowflakeIds(1024, () -> T0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SnowflakeIds(-1, () -> T0)).isInstanceOf(IllegalArgumentException.class);
    }
}
