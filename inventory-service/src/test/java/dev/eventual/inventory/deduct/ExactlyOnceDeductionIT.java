package dev.eventual.inventory.deduct;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.inventory.stock.StockMapper;
import dev.eventual.inventory.support.Events;
import dev.eventual.inventory.support.InventoryServiceIT;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Order events through the real broker into the real database: stock changes exactly once. */
@InventoryServiceIT
class ExactlyOnceDeductionIT {

    @Autowired
    StockMapper stock;

    @Autowired
    DeductLogMapper deductLog;

    @Autowired
    OrderEventHandler handler;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MeterRegistry meters;

    @Test
    void theSameEventDeliveredTwiceDeductsOnce() {
        long sku = skuWithStock(10);
        OrderCreatedEvent event = Events.created(sku, 3);
        double duplicatesBefore = counter("eventual.inventory.duplicates", "event", "ORDER_CREATED");

        Events.publish(event);
        Events.publish(event);

        await().atMost(Duration.ofSeconds(30))
                .until(() -> counter("eventual.inventory.duplicates", "event", "ORDER_CREATED") > duplicatesBefore);
        assertThat(deductLog.find(event.orderId()).status()).isEqualTo(DeductStatus.SUCCESS);
        assertThat(stock.stockOf(sku)).isEqualTo(7);
    }

    @Test
    void concurrentDeliveriesOfOneEventDeductOnce() throws Exception {
        long sku = skuWithStock(10);
        OrderCreatedEvent event = Events.created(sku, 4);
        int deliveries = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(deliveries);
        List<Future<DeductOutcome>> outcomes = new ArrayList<>();
        try {
            for (int i = 0; i < deliveries; i++) {
                outcomes.add(pool.submit(() -> {
                    start.await();
                    return handler.onCreated(event, false);
                }));
            }
            start.countDown();
            List<DeductOutcome> results = new ArrayList<>();
            for (Future<DeductOutcome> outcome : outcomes) {
                results.add(outcome.get());
            }
            assertThat(results).extracting(DeductOutcome::status).containsOnly(DeductStatus.SUCCESS);
            assertThat(results).filteredOn(r -> !r.duplicate()).hasSize(1);
        } finally {
            pool.shutdown();
        }
        assertThat(stock.stockOf(sku)).isEqualTo(6);
    }

    @Test
    void insufficientStockIsRecordedAsFailAndNeverRedelivered() {
        long sku = skuWithStock(1);
        OrderCreatedEvent tooMuch = Events.created(sku, 2);
        double redeliveriesBefore = counter("eventual.inventory.redeliveries");
        double failsBefore = counter("eventual.inventory.consumed", "event", "ORDER_CREATED", "outcome", "FAIL");

        Events.publish(tooMuch);

        await().atMost(Duration.ofSeconds(30)).until(() -> deductLog.find(tooMuch.orderId()) != null);
        DeductRecord record = deductLog.find(tooMuch.orderId());
        assertThat(record.status()).isEqualTo(DeductStatus.FAIL);
        assertThat(record.failReason()).contains("insufficient stock");
        assertThat(stock.stockOf(sku)).isEqualTo(1);

        // a later event has been consumed; the FAIL was handled once and not handed back to the broker
        OrderCreatedEvent marker = Events.created(sku, 1);
        Events.publish(marker);
        await().atMost(Duration.ofSeconds(30)).until(() -> deductLog.find(marker.orderId()) != null);
        assertThat(counter("eventual.inventory.consumed", "event", "ORDER_CREATED", "outcome", "FAIL"))
                .isEqualTo(failsBefore + 1);
        assertThat(counter("eventual.inventory.redeliveries")).isEqualTo(redeliveriesBefore);
    }

    @Test
    void unknownSkuIsAFailNamingTheSku() {
        OrderCreatedEvent event = Events.created(Events.newSku(), 1);

        DeductOutcome outcome = handler.onCreated(event, false);

        assertThat(outcome.status()).isEqualTo(DeductStatus.FAIL);
        assertThat(outcome.detail()).contains("unknown sku " + event.skuId());
    }

    @Test
    void databaseFailureMakesTheBrokerRedeliverUntilItSucceedsOnce() {
        long sku = skuWithStock(5);
        OrderCreatedEvent event = Events.created(sku, 2);
        String trigger = "it_fail_" + Math.abs(event.orderId() % 1_000_000_000L);
        jdbc.execute("CREATE TRIGGER " + trigger + " BEFORE INSERT ON inventory_deduct_log FOR EACH ROW BEGIN"
                + " IF NEW.order_id = " + event.orderId() + " THEN"
                + " SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected database failure'; END IF; END");
        double technicalBefore = counter("eventual.inventory.failures", "reason", "technical");
        double redeliveriesBefore = counter("eventual.inventory.redeliveries");
        try {
            Events.publish(event);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> counter("eventual.inventory.failures", "reason", "technical") > technicalBefore);
            assertThat(deductLog.find(event.orderId())).isNull();
            assertThat(stock.stockOf(sku)).isEqualTo(5);
        } finally {
            jdbc.execute("DROP TRIGGER IF EXISTS " + trigger);
        }

        // the broker redelivers (first retry after ~10 s) and the deduction happens exactly once
        await().atMost(Duration.ofSeconds(90)).until(() -> deductLog.find(event.orderId()) != null);
        assertThat(deductLog.find(event.orderId()).status()).isEqualTo(DeductStatus.SUCCESS);
        assertThat(stock.stockOf(sku)).isEqualTo(3);
        assertThat(counter("eventual.inventory.redeliveries")).isGreaterThan(redeliveriesBefore);
    }

    @Test
    void cancelAfterDeductRestoresOnceEvenWhenTheCancelIsDuplicated() {
        long sku = skuWithStock(10);
        OrderCreatedEvent created = Events.created(sku, 4);
        Events.publish(created);
        await().atMost(Duration.ofSeconds(30)).until(() -> deductLog.find(created.orderId()) != null);
        assertThat(stock.stockOf(sku)).isEqualTo(6);

        OrderCanceledEvent canceled = Events.canceled(created);
        Events.publish(canceled);
        Events.publish(canceled);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> deductLog.find(created.orderId()).status() == DeductStatus.RELEASED);
        assertThat(handler.onCanceled(canceled).duplicate()).isTrue();
        assertThat(stock.stockOf(sku)).isEqualTo(10);
    }

    @Test
    void cancelBeforeCreateFencesTheOrderSoTheLateCreateNeverDeducts() {
        long sku = skuWithStock(10);
        OrderCreatedEvent created = Events.created(sku, 4);

        Events.publish(Events.canceled(created));
        await().atMost(Duration.ofSeconds(30)).until(() -> deductLog.find(created.orderId()) != null);
        assertThat(deductLog.find(created.orderId()).status()).isEqualTo(DeductStatus.FENCED);

        Events.publish(created);
        double duplicatesBefore = counter("eventual.inventory.duplicates", "event", "ORDER_CREATED");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> counter("eventual.inventory.duplicates", "event", "ORDER_CREATED") > duplicatesBefore);
        assertThat(deductLog.find(created.orderId()).status()).isEqualTo(DeductStatus.FENCED);
        assertThat(stock.stockOf(sku)).isEqualTo(10);
        assertThat(handler.onCreated(created, true).status()).isEqualTo(DeductStatus.FENCED);
        assertThat(stock.stockOf(sku)).isEqualTo(10);
    }

    @Test
    void reportsThatOrderServiceCannotTakeAreCountedAndChangeNothingLocally() {
        long sku = skuWithStock(3);
        OrderCreatedEvent event = Events.created(sku, 1);
        double reportFailuresBefore = counter("eventual.inventory.report-failures");

        DeductOutcome outcome = handler.onCreated(event, false);

        assertThat(outcome.status()).isEqualTo(DeductStatus.SUCCESS);
        // reports leave in the background; at least this one fails (no order-service runs in these tests),
        // and the broker may still be delivering other tests' events, whose reports fail the same way
        await().atMost(Duration.ofSeconds(30))
                .until(() -> counter("eventual.inventory.report-failures") >= reportFailuresBefore + 1);
        assertThat(deductLog.find(event.orderId()).status()).isEqualTo(DeductStatus.SUCCESS);
        assertThat(stock.stockOf(sku)).isEqualTo(2);
    }

    private long skuWithStock(int units) {
        long sku = Events.newSku();
        stock.set(sku, units);
        return sku;
    }

    private double counter(String name, String... tags) {
        var counter = meters.find(name).tags(tags).counter();
        return counter == null ? 0 : counter.count();
    }
}
