package dev.eventual.bench.load;

import org.junit.jupiter.api.Test;

import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PercentilesTest {

    @Test
    void nearestRankOverOneToHundred() {
        Percentiles p = new Percentiles(LongStream.rangeClosed(1, 100).map(i -> 101 - i).toArray());
        assertThat(p.at(50)).isEqualTo(50);
        assertThat(p.at(95)).isEqualTo(95);
        assertThat(p.at(99)).isEqualTo(99);
        assertThat(p.at(100)).isEqualTo(100);
        assertThat(p.max()).isEqualTo(100);
    }

    @Test
    void smallSamplesRoundTheRankUp() {
        Percentiles p = new Percentiles(new long[]{30, 10, 20});
        assertThat(p.at(50)).isEqualTo(20);
        assertThat(p.at(99)).isEqualTo(30);
        assertThat(p.at(1)).isEqualTo(10);
    }

    @Test
    void noSamplesGiveZero() {
        assertThat(new Percentiles(new long[0]).at(99)).isZero();
        assertThat(LatencySummary.ofMillis(new long[0]).samples()).isZero();
    }

    @Test
    void percentOutsideTheRangeIsRefused() {
        assertThatThrownBy(() -> new Percentiles(new long[]{1}).at(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Percentiles(new long[]{1}).at(100.5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void summaryConvertsNanosToMillis() {
        LatencySummary summary = LatencySummary.ofNanos(new long[]{1_000_000, 2_000_000, 3_000_000, 4_000_000});
        assertThat(summary.p50Ms()).isEqualTo(2.0);
        assertThat(summary.p99Ms()).isEqualTo(4.0);
        assertThat(summary.samples()).isEqualTo(4);
    }

    @Test
    void logsMergeInOrder() {
        LatencyLog first = new LatencyLog();
        LatencyLog second = new LatencyLog();
        for (int i = 0; i < 5_000; i++) {
            first.add(i);
        }
        second.add(-1);
        long[] all = LatencyLog.merge(java.util.List.of(first, second));
        assertThat(all).hasSize(5_001);
        assertThat(all[4_999]).isEqualTo(4_999);
        assertThat(all[5_000]).isEqualTo(-1);
    }
}
