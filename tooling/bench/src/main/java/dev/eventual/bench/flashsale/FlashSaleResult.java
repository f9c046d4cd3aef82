package dev.eventual.bench.flashsale;

import dev.eventual.bench.load.LatencySummary;

import java.util.Map;

/**
 * Section 8: a flash sale on one gated SKU. Rates are over the load's wall time (first send to last
 * answer); latencies are send to answer, nearest rank.
 *
 * @param warmUp             orders sent at a stock of 0 before the sale (not counted here)
 * @param created            201 answers
 * @param refused            409 sold-out answers: refused at the door
 * @param other              every other answer (by status in {@code otherStatuses}); must be 0
 * @param decisionsPerSecond all answers / wall time: the gate decides every order
 * @param refusalsPerSecond  refused / wall time
 * @param state              what the databases hold for the SKU afterwards
 */
public record FlashSaleResult(long sku, int units, int orders, int clients, FlashSaleWarmUp warmUp, long created,
                              long refused, long other, Map<String, Long> otherStatuses, double wallSeconds,
                              double decisionsPerSecond, double refusalsPerSecond, LatencySummary refusalLatency,
                              LatencySummary creationLatency, FlashSaleState state) {

    public static FlashSaleResult of(long sku, int units, int clients, FlashSaleWarmUp warmUp, FlashSaleAnswers answers,
                                     FlashSaleState state) {
        double seconds = answers.wallNanos() / 1e9;
        long refused = answers.count(FlashSaleOutcome.SOLD_OUT);
        return new FlashSaleResult(sku, units, answers.size(), clients, warmUp, answers.count(FlashSaleOutcome.CREATED),
                refused, answers.count(FlashSaleOutcome.OTHER), answers.otherStatuses(), seconds,
                perSecond(answers.size(), seconds), perSecond(refused, seconds),
                LatencySummary.ofNanos(answers.latencies(FlashSaleOutcome.SOLD_OUT)),
                LatencySummary.ofNanos(answers.latencies(FlashSaleOutcome.CREATED)), state);
    }

    /** What a correct gate creates: every unit sold, never more (fewer orders than units sell only those). */
    public long expectedCreated() {
        return Math.min(orders, units);
    }

    private static double perSecond(long count, double seconds) {
        return seconds <= 0 ? 0 : count / seconds;
    }
}
