package dev.eventual.inventory.deduct;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.inventory.stock.StockMapper;
import dev.eventual.inventory.support.Events;
import dev.eventual.inventory.support.InventoryServiceIT;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DuplicateKeyException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A batch of events in one local transaction on the real database: the same effect, order by
 * order, as handling each alone (docs/design.md, "Consumers": exactly-once per order, the cancel
 * fence), with one stock statement per SKU.
 */
@InventoryServiceIT
class BatchDeductionIT {

    @Autowired
    StockLedger ledger;

    @Autowired
    StockMapper stock;

    @Autowired
    DeductLogMapper deductLog;

    @Test
    void aHotSkuServesTheBatchFirstComeFirstServedAndFailsTheRest() {
        long sku = skuWithStock(5);
        OrderCreatedEvent first = Events.created(sku, 2);
        OrderCreatedEvent second = Events.created(sku, 2);
        OrderCreatedEvent tooMuch = Events.created(sku, 2);
        OrderCreatedEvent fitsWhatIsLeft = Events.created(sku, 1);

        List<DeductOutcome> outcomes = ledger.applyAll(List.of(created(first), created(second), created(tooMuch),
                created(fitsWhatIsLeft)), false);

        assertThat(outcomes).extracting(DeductOutcome::status).containsExactly(DeductStatus.SUCCESS,
                DeductStatus.SUCCESS, DeductStatus.FAIL, DeductStatus.SUCCESS);
        assertThat(outcomes).noneMatch(DeductOutcome::duplicate);
        assertThat(outcomes.get(2).detail()).isEqualTo("insufficient stock for sku " + sku);
        assertThat(stock.stockOf(sku)).isZero();
        assertThat(deductLog.find(tooMuch.orderId()).status()).isEqualTo(DeductStatus.FAIL);
        assertThat(deductLog.find(tooMuch.orderId()).failReason()).isEqualTo("insufficient stock for sku " + sku);
        assertThat(deductLog.find(fitsWhatIsLeft.orderId()).status()).isEqualTo(DeductStatus.SUCCESS);
    }

    @Test
    void manySkusAndAnUnknownOneEachGetTheirOwnOutcome() {
        long skuA = skuWithStock(3);
        long skuB = skuWithStock(1);
        long unknownSku = Events.newSku();
        OrderCreatedEvent a = Events.created(skuA, 3);
        OrderCreatedEvent b = Events.created(skuB, 1);
        OrderCreatedEvent nowhere = Events.created(unknownSku, 1);

        List<DeductOutcome> outcomes = ledger.applyAll(List.of(created(a), created(nowhere), created(b)), false);

        assertThat(outcomes).extracting(DeductOutcome::status)
                .containsExactly(DeductStatus.SUCCESS, DeductStatus.FAIL, DeductStatus.SUCCESS);
        assertThat(outcomes.get(1).detail()).isEqualTo("unknown sku " + unknownSku);
        assertThat(stock.stockOf(skuA)).isZero();
        assertThat(stock.stockOf(skuB)).isZero();
    }

    @Test
    void aRepeatInTheBatchOrOfAnEarlierDeliveryChangesNothing() {
        long sku = skuWithStock(10);
        OrderCreatedEvent earlier = Events.created(sku, 4);
        ledger.applyAll(List.of(created(earlier)), false);
        OrderCreatedEvent fresh = Events.created(sku, 1);

        List<DeductOutcome> outcomes = ledger.applyAll(List.of(created(earlier), created(fresh), created(fresh)), false);

        assertThat(outcomes).extracting(DeductOutcome::duplicate).containsExactly(true, false, true);
        assertThat(outcomes).extracting(DeductOutcome::status).containsOnly(DeductStatus.SUCCESS);
        assertThat(stock.stockOf(sku)).isEqualTo(5);
    }

    @Test
    void aRepeatOfACreateThatFailedInTheBatchSaysFail() {
        long sku = skuWithStock(1);
        OrderCreatedEvent tooMuch = Events.created(sku, 2);

        List<DeductOutcome> outcomes = ledger.applyAll(List.of(created(tooMuch), created(tooMuch)), false);

        assertThat(outcomes).extracting(DeductOutcome::status).containsExactly(DeductStatus.FAIL, DeductStatus.FAIL);
        assertThat(outcomes).extracting(DeductOutcome::duplicate).containsExactly(false, true);
        assertThat(stock.stockOf(sku)).isEqualTo(1);
    }

    @Test
    void aCreateAndItsCancelInOneBatchDeductAndGiveBack() {
        long sku = skuWithStock(6);
        OrderCreatedEvent order = Events.created(sku, 2);
        OrderCreatedEvent kept = Events.created(sku, 3);

        // the cancel arrives first in the batch; the create is still applied before it
        List<DeductOutcome> outcomes = ledger.applyAll(List.of(canceled(order), created(order), created(kept)), false);

        assertThat(outcomes).extracting(DeductOutcome::status)
                .containsExactly(DeductStatus.RELEASED, DeductStatus.SUCCESS, DeductStatus.SUCCESS);
        assertThat(deductLog.find(order.orderId()).status()).isEqualTo(DeductStatus.RELEASED);
        assertThat(stock.stockOf(sku)).isEqualTo(3);
    }

    @Test
    void aCancelBeforeItsCreateFencesTheOrderAcrossBatches() {
        long sku = skuWithStock(10);
        OrderCreatedEvent order = Events.created(sku, 4);

        List<DeductOutcome> fenced = ledger.applyAll(List.of(canceled(order), canceled(order)), false);
        List<DeductOutcome> lateCreate = ledger.applyAll(List.of(created(order)), false);

        assertThat(fenced).extracting(DeductOutcome::status).containsOnly(DeductStatus.FENCED);
        assertThat(fenced).extracting(DeductOutcome::duplicate).containsExactly(false, true);
        assertThat(lateCreate.get(0).status()).isEqualTo(DeductStatus.FENCED);
        assertThat(lateCreate.get(0).duplicate()).isTrue();
        assertThat(stock.stockOf(sku)).isEqualTo(10);
    }

    @Test
    void aCancelAfterAFailedDeductionFencesWithoutGivingAnythingBack() {
        long sku = skuWithStock(1);
        OrderCreatedEvent tooMuch = Events.created(sku, 5);
        ledger.applyAll(List.of(created(tooMuch)), false);

        List<DeductOutcome> outcomes = ledger.applyAll(List.of(canceled(tooMuch)), false);

        assertThat(outcomes.get(0).status()).isEqualTo(DeductStatus.FENCED);
        assertThat(deductLog.find(tooMuch.orderId()).failReason()).isEqualTo("canceled after a failed deduction");
        assertThat(stock.stockOf(sku)).isEqualTo(1);
    }

    @Test
    void aRetriedFailTakesItsTurnWithTheFreshCreatesFirstComeFirstServed() {
        long sku = skuWithStock(1);
        OrderCreatedEvent failedEarlier = Events.created(sku, 2);
        ledger.applyAll(List.of(created(failedEarlier)), false);
        stock.set(sku, 3);
        OrderCreatedEvent before = Events.created(sku, 2);
        OrderCreatedEvent after = Events.created(sku, 1);

        // the fresh create ahead of it leaves 1 unit: the retry fails again, the one behind it still fits
        List<DeductOutcome> outcomes = ledger.applyAll(List.of(created(before), created(failedEarlier), created(after)), true);

        assertThat(outcomes).extracting(DeductOutcome::status)
                .containsExactly(DeductStatus.SUCCESS, DeductStatus.FAIL, DeductStatus.SUCCESS);
        assertThat(outcomes).noneMatch(DeductOutcome::duplicate);
        assertThat(outcomes.get(1).detail()).isEqualTo("insufficient stock for sku " + sku);
        assertThat(stock.stockOf(sku)).isZero();
        assertThat(deductLog.find(failedEarlier.orderId()).status()).isEqualTo(DeductStatus.FAIL);
    }

    @Test
    void aRetriedFailAheadOfAFreshCreateIsServedFirst() {
        long sku = skuWithStock(0);
        OrderCreatedEvent failedEarlier = Events.created(sku, 2);
        ledger.applyAll(List.of(created(failedEarlier)), false);
        stock.set(sku, 3);
        OrderCreatedEvent fresh = Events.created(sku, 2);

        List<DeductOutcome> outcomes = ledger.applyAll(List.of(created(failedEarlier), created(fresh),
                created(failedEarlier)), true);

        assertThat(outcomes).extracting(DeductOutcome::status)
                .containsExactly(DeductStatus.SUCCESS, DeductStatus.FAIL, DeductStatus.SUCCESS);
        assertThat(outcomes).extracting(DeductOutcome::duplicate).containsExactly(false, false, true);
        assertThat(outcomes.get(0).detail()).isEqualTo("deducted 2");
        assertThat(stock.stockOf(sku)).isEqualTo(1);
        DeductRecord record = deductLog.find(failedEarlier.orderId());
        assertThat(record.status()).isEqualTo(DeductStatus.SUCCESS);
        assertThat(record.failReason()).isNull();
        assertThat(deductLog.find(fresh.orderId()).status()).isEqualTo(DeductStatus.FAIL);
    }

    @Test
    void brokerDeliveriesNeverRetryAFailEvenWhenStockNowCoversIt() {
        long sku = skuWithStock(0);
        OrderCreatedEvent failedEarlier = Events.created(sku, 2);
        ledger.applyAll(List.of(created(failedEarlier)), false);
        stock.set(sku, 5);

        List<DeductOutcome> outcomes = ledger.applyAll(List.of(created(failedEarlier)), false);

        assertThat(outcomes.get(0).status()).isEqualTo(DeductStatus.FAIL);
        assertThat(outcomes.get(0).duplicate()).isTrue();
        assertThat(stock.stockOf(sku)).isEqualTo(5);
    }

    @Test
    void aRetryOfAnUnknownSkuStaysFailWithTheCurrentReason() {
        long sku = Events.newSku();
        OrderCreatedEvent nowhere = Events.created(sku, 1);
        ledger.applyAll(List.of(created(nowhere)), false);

        List<DeductOutcome> outcomes = ledger.applyAll(List.of(created(nowhere)), true);

        assertThat(outcomes.get(0).status()).isEqualTo(DeductStatus.FAIL);
        assertThat(outcomes.get(0).duplicate()).isFalse();
        assertThat(outcomes.get(0).detail()).isEqualTo("unknown sku " + sku);
        assertThat(stock.stockOf(sku)).isNull();
    }

    @Test
    void twoBatchesCarryingTheSameOrdersAtOnceDeductEachOrderOnce() throws Exception {
        long sku = skuWithStock(100);
        List<ReceivedEvent> batch = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            batch.add(created(Events.created(sku, 1)));
        }
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<String>> runs = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                runs.add(pool.submit(() -> {
                    start.await();
                    try {
                        ledger.applyAll(batch, false);
                        return "applied";
                    } catch (DuplicateKeyException lost) {
                        // the listener then handles each event alone: every one is a repeat by now
                        return "lost the claim";
                    }
                }));
            }
            start.countDown();
            List<String> results = new ArrayList<>();
            for (Future<String> run : runs) {
                results.add(run.get());
            }
            // the second may also start after the first committed and find every order done
            assertThat(results).contains("applied").allMatch(r -> r.equals("applied") || r.equals("lost the claim"));
        } finally {
            pool.shutdownNow();
        }
        assertThat(stock.stockOf(sku)).isEqualTo(80);
        assertThat(ledger.applyAll(batch, false)).allMatch(DeductOutcome::duplicate);
        assertThat(stock.stockOf(sku)).isEqualTo(80);
    }

    /**
     * Orders born beyond the retention (docs/retention.md) in one batch with a fresh one: without a record each is
     * REFUSED, its create and its cancel alike, and takes or gives no stock; with a record, age does not matter.
     */
    @Test
    void oldOrdersWithoutARecordAreRefusedInTheBatchAndThoseWithOneAreAppliedAsEver() {
        long sku = skuWithStock(10);
        OrderCreatedEvent kept = Events.created(sku, 4);
        ledger.applyAll(List.of(created(kept)), false);
        OrderCreatedEvent oldKept = Events.placedEarlier(kept, Duration.ofDays(40));
        OrderCreatedEvent oldCreate = Events.placedEarlier(Events.created(sku, 1), Duration.ofDays(40));
        OrderCreatedEvent oldCanceled = Events.placedEarlier(Events.created(sku, 2), Duration.ofDays(40));
        OrderCreatedEvent fresh = Events.created(sku, 3);

        List<DeductOutcome> outcomes = ledger.applyAll(List.of(created(oldCreate), canceled(oldCanceled), created(fresh),
                created(oldKept), created(oldCreate), canceled(oldKept), canceled(oldCreate)), false);

        assertThat(outcomes).extracting(DeductOutcome::status).containsExactly(DeductStatus.REFUSED,
                DeductStatus.REFUSED, DeductStatus.SUCCESS, DeductStatus.SUCCESS, DeductStatus.REFUSED,
                DeductStatus.RELEASED, DeductStatus.REFUSED);
        assertThat(outcomes).extracting(DeductOutcome::duplicate).containsExactly(false, false, false, true, true,
                false, true);
        assertThat(outcomes.get(0).detail()).startsWith("refused: order created " + oldCreate.createdAt());
        assertThat(outcomes.get(1).detail()).startsWith("refused: order created " + oldCanceled.createdAt());
        // 10 - 4 (kept) - 3 (fresh) + 4 (kept released); neither refused order took or gave a unit
        assertThat(stock.stockOf(sku)).isEqualTo(7);
        assertThat(deductLog.find(oldCreate.orderId()).status()).isEqualTo(DeductStatus.REFUSED);
        assertThat(deductLog.find(oldCreate.orderId()).failReason()).isEqualTo(outcomes.get(0).detail());
        assertThat(deductLog.find(oldCanceled.orderId()).status()).isEqualTo(DeductStatus.REFUSED);
        assertThat(deductLog.find(kept.orderId()).status()).isEqualTo(DeductStatus.RELEASED);
    }

    /** One event at a time (the listener's fallback), a re-drive's retry included: a refusal stays a refusal. */
    @Test
    void aRefusalAloneStaysRefusedWhateverComesAfter() {
        long sku = skuWithStock(10);
        OrderCreatedEvent old = Events.placedEarlier(Events.created(sku, 2), Duration.ofDays(40));
        OrderCreatedEvent oldCanceled = Events.placedEarlier(Events.created(sku, 3), Duration.ofDays(40));

        DeductOutcome refused = ledger.deduct(old, false);
        DeductOutcome cancelRefused = ledger.release(Events.canceled(oldCanceled));

        assertThat(refused.status()).isEqualTo(DeductStatus.REFUSED);
        assertThat(refused.duplicate()).isFalse();
        assertThat(refused.detail()).startsWith("refused: order created " + old.createdAt());
        assertThat(cancelRefused.status()).isEqualTo(DeductStatus.REFUSED);
        assertThat(cancelRefused.duplicate()).isFalse();
        assertThat(List.of(ledger.deduct(old, true), ledger.release(Events.canceled(old)),
                ledger.deduct(oldCanceled, true), ledger.applyAll(List.of(created(old), canceled(old)), true).get(1)))
                .allSatisfy(again -> {
                    assertThat(again.status()).isEqualTo(DeductStatus.REFUSED);
                    assertThat(again.duplicate()).isTrue();
                    assertThat(again.detail()).startsWith("refused: ");
                });
        assertThat(deductLog.find(old.orderId()).status()).isEqualTo(DeductStatus.REFUSED);
        assertThat(stock.stockOf(sku)).isEqualTo(10);
    }

    private static ReceivedEvent created(OrderCreatedEvent event) {
        return ReceivedEvent.of(event, 1, null);
    }

    private static ReceivedEvent canceled(OrderCreatedEvent created) {
        return ReceivedEvent.of(Events.canceled(created), 1, null);
    }

    private long skuWithStock(int units) {
        long sku = Events.newSku();
        stock.set(sku, units);
        return sku;
    }
}
