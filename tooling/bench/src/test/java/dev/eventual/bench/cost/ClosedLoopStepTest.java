package dev.eventual.bench.cost;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ClosedLoopStepTest {

    @Test
    void theSaturationStepIsTheConnectionCountOfHighestThroughputPerKind() {
        ClosedLoopStep refusal16 = step(StepKind.REFUSAL, 16, 25_000, 5, 5.1, 9_000);
        ClosedLoopStep refusal64 = step(StepKind.REFUSAL, 64, 24_000, 5, 5.1, 8_000);
        ClosedLoopStep read16 = step(StepKind.READ, 16, 20_000, 5, 5.1, 8_000);
        ClosedLoopStep read64 = step(StepKind.READ, 64, 22_000, 5, 5.1, 9_500);
        CostBlock block = new CostBlock(0, 100, 100, 0, null, List.of(), List.of(refusal64, read16, refusal16, read64));

        assertThat(block.saturation(StepKind.REFUSAL)).isSameAs(refusal16);
        assertThat(block.saturation(StepKind.READ)).isSameAs(read64);
        assertThat(block.saturation(StepKind.ORDER)).isNull();
        assertThat(block.step(StepKind.REFUSAL, 64)).isSameAs(refusal64);
        assertThat(refusal16.sutCpuMsPerUnit()).isEqualTo(9_000.0 / 25_000);
    }

    @Test
    void ordersCountOverTheWholeWindowUntilConsistentSoADrainThatLagsLowersTheirRate() {
        // c=64 placed more orders, but the consumers took 5 s more to report them all
        ClosedLoopStep fast = step(StepKind.ORDER, 16, 4_000, 5, 6, 9_000);
        ClosedLoopStep lagging = step(StepKind.ORDER, 64, 5_000, 5, 10, 11_000);

        assertThat(fast.unitsPerSecond()).isEqualTo(4_000.0 / 6);
        assertThat(lagging.unitsPerSecond()).isEqualTo(500);
        assertThat(ClosedLoopStep.saturation(List.of(lagging, fast), StepKind.ORDER)).isSameAs(fast);
    }

    @Test
    void theBoxsCpuOutsideThePerProcessSumIsAShareOfTheBoxs() {
        ClosedLoopStep step = new ClosedLoopStep(StepKind.READ, 16, wrk(1_000, 5, 0), 1_000, 5.1, 8_000, 100, 10_000,
                900, true, Map.of());

        assertThat(step.unaccountedShare()).isEqualTo(0.2);
    }

    @Test
    void aStepWithoutUnitsHasNoCostPerUnit() {
        assertThat(step(StepKind.REFUSAL, 16, 0, 5, 5.1, 100).sutCpuMsPerUnit()).isNaN();
    }

    private static ClosedLoopStep step(StepKind kind, int connections, long units, double wrkSeconds, double window,
                                       double sutCpuMs) {
        long non2xx = kind == StepKind.REFUSAL ? units : 0;
        return new ClosedLoopStep(kind, connections, wrk(units, wrkSeconds, non2xx), units, window, sutCpuMs, 0,
                sutCpuMs, 0, true, Map.of());
    }

    private static WrkOutput wrk(long requests, double seconds, long non2xx) {
        return new WrkOutput(requests, seconds, non2xx, 0, 5, 100);
    }
}
