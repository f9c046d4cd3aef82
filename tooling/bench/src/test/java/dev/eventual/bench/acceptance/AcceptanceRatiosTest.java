package dev.eventual.bench.acceptance;

import dev.eventual.bench.load.LatencySummary;
import dev.eventual.bench.service.PublishMode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class AcceptanceRatiosTest {

    private static AcceptanceStep step(String mode, int concurrency, double rate) {
        return new AcceptanceStep(mode, concurrency, rate, new LatencySummary(1, 1, 1, 1, 1), 0, Map.of(), 0);
    }

    @Test
    void ratiosPerConcurrencyAndTheirMedian() {
        List<ModeRatios> ratios = AcceptanceSection.ratios(List.of(
                step("a", 8, 50), step("b", 8, 100), step("c", 8, 80), step("c'", 8, 100),
                step("a", 32, 90), step("b", 32, 300), step("c", 32, 100), step("c'", 32, 90)));
        assertThat(ratios).containsExactly(new ModeRatios("8", 0.5, 0.625, 0.5, null),
                new ModeRatios("32", 0.3, 0.9, 1.0, null), new ModeRatios(ModeRatios.MEDIAN, 0.4, 0.7625, 0.75, null));
    }

    /**
     * Each mode's best step came from a different level here (a at 64, b at 8): a ratio of peaks would say
     * 1.2, though (a) is at half of (b) at every level.
     */
    @Test
    void theMedianComparesModesAtTheSameConcurrencyNotTheirPeaks() {
        List<ModeRatios> ratios = AcceptanceSection.ratios(List.of(
                step("a", 8, 50), step("b", 8, 100), step("a", 32, 55), step("b", 32, 110),
                step("a", 64, 120), step("b", 64, 240)));
        assertThat(ratios.get(3).concurrency()).isEqualTo(ModeRatios.MEDIAN);
        assertThat(ratios.get(3).aOverB()).isEqualTo(0.5);
    }

    @Test
    void theMedianSkipsLevelsWhereEitherModeDidNotRun() {
        List<ModeRatios> ratios = AcceptanceSection.ratios(List.of(
                step("a", 8, 50), step("b", 8, 100), step("c'", 8, 50),
                step("a", 32, 90), step("b", 32, 300), step("a", 64, 100), step("b", 64, 400)));
        ModeRatios median = ratios.get(ratios.size() - 1);
        assertThat(median.aOverB()).isEqualTo(0.3);
        assertThat(median.aOverCPrime()).isEqualTo(1.0);
    }

    @Test
    void isolatedPublishingIsComparedWithThePlainSend() {
        List<ModeRatios> ratios = AcceptanceSection.ratios(List.of(
                step("a", 8, 50), step("b", 8, 100), step("c", 8, 80), step("a0", 8, 120)));
        assertThat(ratios.get(0).a0OverC()).isEqualTo(1.5);
        assertThat(ratios.get(1).a0OverC()).isEqualTo(1.5);
    }

    @Test
    void theModesThatFeedTheConsumersAreAAndCPrime() {
        List<String> feeding = new ArrayList<>();
        Arrays.stream(PublishMode.values()).filter(PublishMode::feedsConsumers).forEach(m -> feeding.add(m.letter()));
        assertThat(feeding).containsExactly("a", "c'");
    }
}
