package dev.eventual.bench.flashsale;

import org.junit.jupiter.api.Test;

import static dev.eventual.bench.flashsale.FlashSaleOutcome.CREATED;
import static dev.eventual.bench.flashsale.FlashSaleOutcome.OTHER;
import static dev.eventual.bench.flashsale.FlashSaleOutcome.SOLD_OUT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/** The flash sale's arithmetic: how answers are told apart, counted, timed and turned into rates. */
class FlashSaleResultTest {

    private static final String SOLD_OUT_PROBLEM = """
            {"type":"urn:eventual:problem:sold-out","title":"Sold out","status":409,
             "detail":"sku 700000000 is sold out: 1 asked, 0 left","sku":"700000000"}""";
    private static final FlashSaleState SETTLED = new FlashSaleState(true, 2, 0, 0, 0);
    private static final FlashSaleWarmUp NO_WARM_UP = new FlashSaleWarmUp(0, 0);

    @Test
    void a201IsAnOrderAndOnlyA409SoldOutProblemIsARefusal() {
        assertThat(FlashSaleOutcome.of(201, "{\"orderId\":\"1\"}")).isEqualTo(CREATED);
        assertThat(FlashSaleOutcome.of(409, SOLD_OUT_PROBLEM)).isEqualTo(SOLD_OUT);
        // another conflict, a sold-out type under another status, a body that is no JSON, no answer at all
        assertThat(FlashSaleOutcome.of(409, "{\"type\":\"urn:eventual:problem:conflict\"}")).isEqualTo(OTHER);
        assertThat(FlashSaleOutcome.of(503, SOLD_OUT_PROBLEM)).isEqualTo(OTHER);
        assertThat(FlashSaleOutcome.of(409, "sold-out")).isEqualTo(OTHER);
        assertThat(FlashSaleOutcome.of(0, "java.net.ConnectException")).isEqualTo(OTHER);
        assertThat(FlashSaleOutcome.of(200, "{\"orderId\":\"1\"}")).as("a repeat, which distinct keys never are")
                .isEqualTo(OTHER);
    }

    @Test
    void ratesAreOverTheWallTimeAndLatenciesAreSplitByOutcome() {
        // 2 orders, 6 refusals, 2 others in 0.5 s
        FlashSaleAnswers answers = new FlashSaleAnswers(
                new FlashSaleOutcome[]{CREATED, SOLD_OUT, SOLD_OUT, OTHER, SOLD_OUT, CREATED, SOLD_OUT, SOLD_OUT, OTHER, SOLD_OUT},
                new int[]{201, 409, 409, 503, 409, 201, 409, 409, 0, 409},
                new long[]{40_000_000, 1_000_000, 2_000_000, 9_000_000, 3_000_000, 60_000_000, 4_000_000, 5_000_000,
                        30_000_000_000L, 6_000_000},
                500_000_000);

        FlashSaleResult result = FlashSaleResult.of(700_000_000L, 2, 64, NO_WARM_UP, answers, SETTLED);

        assertThat(result.orders()).isEqualTo(10);
        assertThat(result.created()).isEqualTo(2);
        assertThat(result.refused()).isEqualTo(6);
        assertThat(result.other()).isEqualTo(2);
        assertThat(result.otherStatuses()).containsExactly(entry("0", 1L), entry("503", 1L));
        assertThat(result.wallSeconds()).isEqualTo(0.5);
        assertThat(result.decisionsPerSecond()).isEqualTo(20.0);
        assertThat(result.refusalsPerSecond()).isEqualTo(12.0);
        assertThat(result.refusalLatency().samples()).isEqualTo(6);
        assertThat(result.refusalLatency().p50Ms()).isEqualTo(3.0);
        assertThat(result.refusalLatency().p99Ms()).isEqualTo(6.0);
        assertThat(result.refusalLatency().maxMs()).isEqualTo(6.0);
        assertThat(result.creationLatency().samples()).isEqualTo(2);
        assertThat(result.creationLatency().p50Ms()).isEqualTo(40.0);
        assertThat(result.creationLatency().maxMs()).isEqualTo(60.0);
    }

    @Test
    void fewerOrdersThanUnitsShouldAllBeCreated() {
        FlashSaleAnswers three = new FlashSaleAnswers(new FlashSaleOutcome[]{CREATED, CREATED, CREATED}, new int[]{201, 201, 201},
                new long[]{1, 2, 3}, 10);

        assertThat(FlashSaleResult.of(1, 100, 1, NO_WARM_UP, three, SETTLED).expectedCreated()).isEqualTo(3);
        assertThat(FlashSaleResult.of(1, 2, 1, NO_WARM_UP, three, SETTLED).expectedCreated()).isEqualTo(2);
    }

    @Test
    void noTimeMeansNoRateAndNoAnswersMeanNoLatency() {
        FlashSaleResult empty = FlashSaleResult.of(1, 100, 1, NO_WARM_UP,
                new FlashSaleAnswers(new FlashSaleOutcome[0], new int[0], new long[0], 0), SETTLED);

        assertThat(empty.decisionsPerSecond()).isZero();
        assertThat(empty.refusalsPerSecond()).isZero();
        assertThat(empty.refusalLatency().samples()).isZero();
    }

    @Test
    void everyAnswerHasAnOutcomeAStatusAndALatency() {
        assertThatThrownBy(() -> new FlashSaleAnswers(new FlashSaleOutcome[]{CREATED}, new int[]{201, 409}, new long[]{1}, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
