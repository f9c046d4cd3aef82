package dev.eventual.bench.cost;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class MedianIntervalTest {

    @Test
    void sixBlocksGiveMinToMaxAt96point9Percent() {
        MedianInterval m = MedianInterval.of(List.of(5.0, 1.0, 3.0, 2.0, 6.0, 4.0));
        assertThat(m.median()).isEqualTo(3.5);
        assertThat(m.low()).isEqualTo(1.0);
        assertThat(m.high()).isEqualTo(6.0);
        assertThat(m.coverage()).isCloseTo(1 - 2.0 / 64, within(1e-12));
    }

    @Test
    void nineBlocksDropTheOutermostPair() {
        MedianInterval m = MedianInterval.of(List.of(9.0, 1.0, 8.0, 2.0, 7.0, 3.0, 6.0, 4.0, 5.0));
        assertThat(m.median()).isEqualTo(5.0);
        assertThat(m.low()).isEqualTo(2.0);
        assertThat(m.high()).isEqualTo(8.0);
        assertThat(m.coverage()).isCloseTo(1 - 2 * 10.0 / 512, within(1e-12));
    }

    @Test
    void fiveBlocksCannotReach95PercentAndDecideNothing() {
        MedianInterval m = MedianInterval.of(List.of(1.0, 1.0, 1.0, 1.0, 1.0));
        assertThat(m.low()).isNull();
        assertThat(m.against(2, true)).isEqualTo(MedianInterval.Verdict.UNDECIDED);
    }

    @Test
    void verdictFollowsWhereTheIntervalLies() {
        MedianInterval m = MedianInterval.of(List.of(1.0, 1.2, 1.1, 1.3, 1.05, 1.15));
        assertThat(m.against(1.5, true)).isEqualTo(MedianInterval.Verdict.MET);
        assertThat(m.against(0.9, true)).isEqualTo(MedianInterval.Verdict.MISSED);
        assertThat(m.against(1.1, true)).isEqualTo(MedianInterval.Verdict.UNDECIDED);
        assertThat(m.against(0.9, false)).isEqualTo(MedianInterval.Verdict.MET);
        assertThat(m.against(1.5, false)).isEqualTo(MedianInterval.Verdict.MISSED);
        assertThat(m.against(1.1, false)).isEqualTo(MedianInterval.Verdict.UNDECIDED);
    }
}
