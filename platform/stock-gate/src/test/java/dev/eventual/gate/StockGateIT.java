package dev.eventual.gate;

import dev.eventual.gate.StockGate.MissingCount;
import dev.eventual.infra.test.Concurrently;
import dev.eventual.infra.test.InfrastructureInitializer;
import dev.eventual.infra.test.TestInfrastructure;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.context.ContextConfiguration;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The gate's scripts on a real Redis: atomic under concurrency, idempotent per order, never guessing a count. */
@SpringBootTest(classes = StockGateIT.GateOnly.class, properties = {
        InfrastructureInitializer.REDIS_PROPERTY + "=true", InfrastructureInitializer.BROKER_PROPERTY + "=false"})
@ContextConfiguration(initializers = InfrastructureInitializer.class)
class StockGateIT {

    @Autowired
    private StockGate gate;

    @Autowired
    private StringRedisTemplate redis;

    private final long sku = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);

    @Test
    void fiftyConcurrentOrdersForTenUnitsReserveExactlyTen() throws Exception {
        gate.seed(sku, 10, List.of(), MissingCount.CREATE);

        List<GateDecision> decisions = Concurrently.run(50, i -> gate.reserve(sku, 1000 + i, 1, "buyer:" + (1000 + i)));

        assertThat(decisions).filteredOn(GateDecision::reserved).hasSize(10);
        assertThat(decisions).filteredOn(decision -> decision.outcome() == GateOutcome.SOLD_OUT).hasSize(40)
                .allSatisfy(decision -> assertThat(decision.quantity()).isZero());
        GateState state = gate.state(sku);
        assertThat(state.available()).isZero();
        assertThat(state.reservations()).hasSize(10).allSatisfy((orderId, units) -> assertThat(units).isEqualTo(1));
    }

    @Test
    void aRepeatForTheSameOrderAnswersTheFirstDecisionAndReservesOnce() throws Exception {
        gate.seed(sku, 5, List.of(), MissingCount.CREATE);

        List<GateDecision> decisions = Concurrently.run(20, i -> gate.reserve(sku, 42, 2, "buyer:42"));

        assertThat(decisions).allSatisfy(decision -> assertThat(decision).isEqualTo(new GateDecision(GateOutcome.RESERVED, 2, true)));
        assertThat(gate.state(sku)).isEqualTo(new GateState(3L, java.util.Map.of(42L, 2)));
    }

    @Test
    void aSoldOutAnswerNamesWhatIsLeftAndReservesNothing() {
        gate.seed(sku, 3, List.of(), MissingCount.CREATE);

        assertThat(gate.reserve(sku, 7, 4, "buyer:7")).isEqualTo(new GateDecision(GateOutcome.SOLD_OUT, 3, true));
        assertThat(gate.state(sku)).isEqualTo(new GateState(3L, java.util.Map.of()));
        assertThat(gate.reserve(sku, 7, 3, "buyer:7").reserved()).isTrue();
    }

    @Test
    void aReservationIsGivenBackExactlyOnceHoweverOftenAsked() throws Exception {
        gate.seed(sku, 10, List.of(), MissingCount.CREATE);
        gate.reserve(sku, 1, 4, "buyer:1");

        List<Long> givenBack = Concurrently.run(20, i -> gate.giveBack(sku, 1));

        assertThat(givenBack).containsOnlyOnce(4L).filteredOn(units -> units == 0).hasSize(19);
        assertThat(gate.state(sku)).isEqualTo(new GateState(10L, java.util.Map.of()));
    }

    @Test
    void anAppliedReservationHasNothingToGiveBack() {
        gate.seed(sku, 10, List.of(), MissingCount.CREATE);
        gate.reserve(sku, 1, 4, "buyer:1");

        assertThat(gate.applied(sku, 1)).isTrue();
        assertThat(gate.applied(sku, 1)).isFalse();
        assertThat(gate.giveBack(sku, 1)).isZero();
        // the database stock is now 6: the count and what is in flight add up to it
        assertThat(gate.state(sku)).isEqualTo(new GateState(6L, java.util.Map.of()));
    }

    @Test
    void releasedUnitsGoBackOnSaleOncePerOrder() throws Exception {
        gate.seed(sku, 0, List.of(), MissingCount.CREATE);

        List<Long> returned = Concurrently.run(20, i -> gate.returned(sku, 9, 3));

        assertThat(returned).containsOnlyOnce(3L).filteredOn(units -> units == 0).hasSize(19);
        assertThat(gate.state(sku).available()).isEqualTo(3L);
        assertThat(redis.getExpire(StockGate.returnMarker(sku, 9))).isPositive()
                .isLessThanOrEqualTo(StockGate.RETURN_MEMORY.toSeconds());
    }

    @Test
    void seedingDerivesTheCountFromTheStockAndTheReservationsInFlight() {
        gate.seed(sku, 10, List.of(), MissingCount.CREATE);
        gate.reserve(sku, 1, 2, "buyer:1");
        gate.reserve(sku, 2, 3, "buyer:2");

        assertThat(gate.seed(sku, 100, List.of(), MissingCount.CREATE)).isEqualTo(new GateSeed(sku, 5L, 95L, 0));
        assertThat(gate.state(sku)).isEqualTo(new GateState(95L, java.util.Map.of(1L, 2, 2L, 3)));
        // a stock below what is in flight leaves a negative count: nothing more is reserved
        assertThat(gate.seed(sku, 4, List.of(), MissingCount.CREATE).available()).isEqualTo(-1);
        assertThat(gate.reserve(sku, 3, 1, "buyer:3").outcome()).isEqualTo(GateOutcome.SOLD_OUT);
    }

    @Test
    void seedingEndsTheReservationsOfSettledOrdersOnceAndCountsTheRestAsInFlight() {
        assertThat(gate.seed(sku, 10, List.of(), MissingCount.CREATE)).isEqualTo(new GateSeed(sku, null, 10L, 0));
        gate.reserve(sku, 1, 2, "buyer:1");
        gate.reserve(sku, 2, 3, "buyer:2");

        // inventory deducted order 1 (10 - 2 = 8 in stock) but the gate was not told yet
        assertThat(gate.seed(sku, 8, List.of(1L, 99L), MissingCount.CREATE)).isEqualTo(new GateSeed(sku, 5L, 5L, 1));

        assertThat(gate.state(sku)).isEqualTo(new GateState(5L, java.util.Map.of(2L, 3)));
        assertThat(gate.applied(sku, 1)).isFalse();
        assertThat(gate.giveBack(sku, 1)).isZero();
    }

    @Test
    void aRestoreGivesAnUnseededSkuItsReservationsBackOnceAndLeavesASeededOneAlone() {
        java.time.Instant reservedAt = java.time.Instant.parse("2026-11-23T10:00:00Z");
        assertThat(gate.restore(sku, 1, 2, reservedAt)).isTrue();
        assertThat(gate.restore(sku, 1, 2, reservedAt)).isFalse();
        assertThat(gate.reservedBefore(sku, reservedAt.plusMillis(1))).containsExactly(1L);
        assertThat(gate.reservedBefore(sku, reservedAt)).isEmpty();
        assertThat(gate.knownSkus()).contains(sku);
        assertThat(gate.seeded(sku)).isFalse();
        // only the rebuild creates a missing count
        assertThat(gate.seed(sku, 10, List.of(), MissingCount.LEAVE)).isEqualTo(new GateSeed(sku, null, null, 0));
        assertThat(gate.seeded(sku)).isFalse();

        assertThat(gate.seed(sku, 10, List.of(), MissingCount.CREATE).available()).isEqualTo(8);

        assertThat(gate.seeded(sku)).isTrue();
        assertThat(gate.restore(sku, 2, 1, reservedAt)).isFalse();
        assertThat(gate.state(sku)).isEqualTo(new GateState(8L, java.util.Map.of(1L, 2)));
    }

    @Test
    void anUnseededSkuIsNeverGuessed() {
        assertThat(gate.reserve(sku, 1, 1, "buyer:1")).isEqualTo(new GateDecision(GateOutcome.NOT_SEEDED, 0, true));
        assertThat(gate.state(sku)).isEqualTo(new GateState(null, java.util.Map.of()));
        assertThat(gate.giveBack(sku, 1)).isZero();
    }

    @Test
    void aRedisThatLostItsDataAnswersNotSeededAndForgetsNoScript() {
        gate.seed(sku, 10, List.of(), MissingCount.CREATE);
        assertThat(gate.reserve(sku, 1, 1, "buyer:1").reserved()).isTrue();

        TestInfrastructure.shared().redis().kill();
        TestInfrastructure.shared().redis().startEmpty();

        // the scripts were loaded into the old server; the gate loads them again by itself
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> gate.reserve(sku, 2, 1, "buyer:2").outcome() == GateOutcome.NOT_SEEDED);
        assertThat(redis.execute((RedisCallback<Long>) connection -> connection.serverCommands().dbSize())).isZero();
        gate.seed(sku, 10, List.of(), MissingCount.CREATE);
        assertThat(gate.reserve(sku, 2, 1, "buyer:2").reserved()).isTrue();
    }

    @Test
    void aNewSkusSoldOutAnswerTellsABuyerItNeverAdmittedFromOneItDid() {
        gate.seed(sku, 1, List.of(), MissingCount.CREATE_FOR_NEW_SKU);
        assertThat(gate.reserve(sku, 1, 1, "7:first").reserved()).isTrue();

        assertThat(gate.reserve(sku, 2, 1, "8:other")).isEqualTo(new GateDecision(GateOutcome.SOLD_OUT, 0, false));
        // the admitted buyer's repeat may have its order: that one is looked up
        assertThat(gate.reserve(sku, 3, 1, "7:first")).isEqualTo(new GateDecision(GateOutcome.SOLD_OUT, 0, true));
        // so is a buyer admitted and then given back: the gate keeps what it admitted
        assertThat(gate.giveBack(sku, 1)).isEqualTo(1);
        assertThat(gate.reserve(sku, 4, 1, "9:third").reserved()).isTrue();
        assertThat(gate.giveBack(sku, 4)).isEqualTo(1);
        assertThat(gate.reserve(sku, 5, 2, "9:third").buyerMayHaveOrder()).isTrue();
        assertThat(gate.reserve(sku, 6, 2, "10:never").buyerMayHaveOrder()).isFalse();
        // asked without reserving, the same answers
        assertThat(gate.soldOutToNewBuyer(sku, 2, "10:never")).hasValue(1);
        assertThat(gate.soldOutToNewBuyer(sku, 2, "9:third")).isEmpty();
        assertThat(gate.soldOutToNewBuyer(sku, 1, "10:never")).as("a unit left").isEmpty();
        assertThat(gate.state(sku)).isEqualTo(new GateState(1L, java.util.Map.of()));
    }

    @Test
    void theBuyersAreBoundedAndForgottenSafely() {
        StockGate small = new StockGate(redis, Clock.systemUTC(), new GateProperties.Admissions(3, Duration.ofHours(1)));
        small.seed(sku, 3, List.of(), MissingCount.CREATE_FOR_NEW_SKU);
        assertThat(small.reserve(sku, 1, 1, "7:a").reserved()).isTrue();
        assertThat(small.reserve(sku, 2, 1, "7:b").reserved()).isTrue();
        assertThat(redis.getExpire(StockGate.admissions(sku))).as("seconds left").isBetween(3000L, 3600L);
        assertThat(small.soldOutToNewBuyer(sku, 2, "8:new")).hasValue(1);

        // the mark and two buyers are the limit: all are forgotten, and refusals are looked up from here
        assertThat(small.reserve(sku, 3, 1, "7:c").reserved()).isTrue();
        assertThat(small.reserve(sku, 4, 1, "8:new").buyerMayHaveOrder()).isTrue();
        assertThat(small.soldOutToNewBuyer(sku, 1, "8:new")).isEmpty();
    }

    @Test
    void aCountCreatedWithoutItsWholeHistoryKnowsNoBuyer() {
        gate.seed(sku, 0, List.of(), MissingCount.CREATE);
        assertThat(gate.reserve(sku, 1, 1, "8:other").buyerMayHaveOrder()).isTrue();
        assertThat(gate.soldOutToNewBuyer(sku, 1, "8:other")).isEmpty();

        // an order in flight restored by the rebuild: the SKU had orders, so not a new SKU's history
        long other = sku ^ 1;
        assertThat(gate.restore(other, 1, 1, Instant.now())).isTrue();
        gate.seed(other, 1, List.of(), MissingCount.CREATE_FOR_NEW_SKU);
        assertThat(gate.reserve(other, 2, 1, "8:other").buyerMayHaveOrder()).isTrue();
    }

    @Test
    void aRestartedRedisMayHaveLostItsLastAdmissionsSoItsSoldOutAnswersAreLookedUp() {
        gate.seed(sku, 0, List.of(), MissingCount.CREATE_FOR_NEW_SKU);
        assertThat(gate.reserve(sku, 1, 1, "8:other").buyerMayHaveOrder()).isFalse();

        TestInfrastructure.shared().redis().stop();
        TestInfrastructure.shared().redis().start();

        // the count survived the restart, the history's completeness cannot be trusted: writes of its last
        // second may be lost (a crash; a promoted replica lags the same way)
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> gate.reserve(sku, 1, 1, "8:other").outcome() == GateOutcome.SOLD_OUT);
        assertThat(gate.reserve(sku, 1, 1, "8:other").buyerMayHaveOrder()).isTrue();
        assertThat(gate.soldOutToNewBuyer(sku, 1, "8:other")).isEmpty();
    }

    /** Spring Boot's Redis client and the gate, nothing else. */
    @SpringBootConfiguration
    @ImportAutoConfiguration(DataRedisAutoConfiguration.class)
    static class GateOnly {

        @Bean
        StockGate stockGate(StringRedisTemplate redis) {
            return new StockGate(redis, Clock.systemUTC(), GateProperties.Admissions.DEFAULTS);
        }
    }
}
