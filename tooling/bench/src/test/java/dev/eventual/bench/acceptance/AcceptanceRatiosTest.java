package dev.eventual.bench.acceptance;

import dev.eventual.bench.load.LatencySummary;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class AcceptanceRatiosTest {

    private static AcceptanceStep step(String mode, int concurrency, double rate) {
        return new AcceptanceStep(mode, concurrency, rate, new LatencySummary(1, 1, 1, 1, 1), 0, Map.of(), 0);
    }

    @Test
    void ratiosPerConcurrencyAndOfEachModesPeak() {
        List<ModeRatios> ratios = AcceptanceSection.ratios(List.of(
                step("a", 8, 50), step("b", 8, 100), step("c", 8, 80),
                step("a", 32, 90), step("b", 32, 300), step("c", 32, 100)));
        assertThat(ratios).containsExactly(new ModeRatios("8", 0.5, 0.625, null),
                new ModeRatios("32", 0.3, 0.9, null), new ModeRatios("peak", 0.3, 0.9, null));
    }

    @Test
    void isolatedPublishingIsComparedWithThePlainSend() {
        List<ModeRatios> ratios = AcceptanceSection.ratios(List.of(
                step("a", 8, 50), step("b", 8, 100), step("c", 8, 80), step("a0", 8, 120)));
        assertThat(ratios.get(0).a0OverC()).isEqualTo(1.5);
        assertThat(ratios.get(1).a0OverC()).isEqualTo(1.5);
    }
}
