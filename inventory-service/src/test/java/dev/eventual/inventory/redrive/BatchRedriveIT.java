package dev.eventual.inventory.redrive;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.inventory.deduct.DeductLogMapper;
import dev.eventual.inventory.deduct.DeductStatus;
import dev.eventual.inventory.deduct.OrderEventHandler;
import dev.eventual.inventory.stock.StockMapper;
import dev.eventual.inventory.support.Events;
import dev.eventual.inventory.support.InventoryServiceIT;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reconcile job's batch re-drives over real HTTP on the real database: one call applies the whole
 * batch in one local transaction, each order with the effect a single retry or release would have.
 */
@InventoryServiceIT
class BatchRedriveIT {

    private static final String RETRIES = "/internal/inventory/retries";
    private static final String RELEASES = "/internal/inventory/releases";

    @LocalServerPort
    int port;

    @Autowired
    OrderEventHandler handler;

    @Autowired
    StockMapper stock;

    @Autowired
    DeductLogMapper deductLog;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void aRetryBatchDeductsARestockedFailOnceLeavesAnUncoveredFailAndTakesNothingForADone() {
        long sku = skuWithStock(5);
        OrderCreatedEvent done = Events.created(sku, 1);
        OrderCreatedEvent coveredNow = Events.created(sku, 10);
        OrderCreatedEvent stillShort = Events.created(sku, 20);
        handler.onCreated(done, false);
        handler.onCreated(coveredNow, false);
        handler.onCreated(stillShort, false);
        stock.set(sku, 12);
        OrderCreatedEvent fresh = Events.created(sku, 1);
        String batch = batch(done, coveredNow, stillShort, fresh);

        HttpCall.Response first = post(RETRIES, batch);

        assertThat(first.status()).as(first.body()).isEqualTo(200);
        assertThat(results(first)).containsExactly(done.orderId() + " SUCCESS", coveredNow.orderId() + " SUCCESS",
                stillShort.orderId() + " FAIL", fresh.orderId() + " SUCCESS");
        assertThat(first.json().get("results").get(2).get("detail").asString())
                .isEqualTo("insufficient stock for sku " + sku);
        assertThat(stock.stockOf(sku)).isEqualTo(12 - 10 - 1);
        assertThat(deductLog.find(coveredNow.orderId()).status()).isEqualTo(DeductStatus.SUCCESS);
        assertThat(deductLog.find(coveredNow.orderId()).failReason()).isNull();
        assertThat(deductLog.find(stillShort.orderId()).status()).isEqualTo(DeductStatus.FAIL);

        HttpCall.Response again = post(RETRIES, batch);

        assertThat(results(again)).isEqualTo(results(first));
        assertThat(stock.stockOf(sku)).isEqualTo(1);
    }

    @Test
    void aReleaseBatchGivesBackOnceAndFencesWhatWasNotDeducted() {
        long sku = skuWithStock(10);
        OrderCreatedEvent deducted = Events.created(sku, 2);
        OrderCreatedEvent alsoDeducted = Events.created(sku, 3);
        OrderCreatedEvent failed = Events.created(sku, 50);
        OrderCreatedEvent neverSeen = Events.created(sku, 4);
        handler.onCreated(deducted, false);
        handler.onCreated(alsoDeducted, false);
        handler.onCreated(failed, false);
        assertThat(stock.stockOf(sku)).isEqualTo(5);
        String batch = "{\"events\":[" + Stream.of(deducted, failed, neverSeen, alsoDeducted)
                .map(created -> OrderEvents.toJson(Events.canceled(created))).collect(Collectors.joining(",")) + "]}";

        HttpCall.Response first = post(RELEASES, batch);

        assertThat(first.status()).as(first.body()).isEqualTo(200);
        assertThat(first.json().get("results").findValuesAsString("status")).containsOnly("RELEASED").hasSize(4);
        assertThat(stock.stockOf(sku)).isEqualTo(10);
        assertThat(deductLog.find(deducted.orderId()).status()).isEqualTo(DeductStatus.RELEASED);
        assertThat(deductLog.find(alsoDeducted.orderId()).status()).isEqualTo(DeductStatus.RELEASED);
        assertThat(deductLog.find(failed.orderId()).status()).isEqualTo(DeductStatus.FENCED);
        assertThat(deductLog.find(neverSeen.orderId()).status()).isEqualTo(DeductStatus.FENCED);

        HttpCall.Response again = post(RELEASES, batch);

        assertThat(again.status()).as(again.body()).isEqualTo(200);
        assertThat(results(again)).isEqualTo(results(first));
        assertThat(stock.stockOf(sku)).isEqualTo(10);
        assertThat(deductLog.find(deducted.orderId()).status()).isEqualTo(DeductStatus.RELEASED);
        // the fenced order's create, should it come now, never deducts
        assertThat(post(RETRIES, batch(neverSeen)).json().get("results").get(0).get("status").asString())
                .isEqualTo("RELEASED");
        assertThat(stock.stockOf(sku)).isEqualTo(10);
    }

    /**
     * A database failure at the batch's third order (a trigger refuses its record's update) fails the
     * call and undoes the orders before it too: the batch is one transaction. The job re-drives it whole.
     */
    @Test
    void aDatabaseFailureInTheMiddleOfABatchLeavesNothingOfItApplied() {
        long sku = skuWithStock(0);
        OrderCreatedEvent poisoned = Events.created(sku, 5);
        handler.onCreated(poisoned, false);
        stock.set(sku, 10);
        OrderCreatedEvent first = Events.created(sku, 1);
        OrderCreatedEvent second = Events.created(sku, 2);
        OrderCreatedEvent last = Events.created(sku, 1);
        String batch = batch(first, second, poisoned, last);
        String trigger = "it_redrive_" + Math.abs(poisoned.orderId() % 1_000_000_000L);
        jdbc.execute("CREATE TRIGGER " + trigger + " BEFORE UPDATE ON inventory_deduct_log FOR EACH ROW BEGIN"
                + " IF NEW.order_id = " + poisoned.orderId() + " THEN"
                + " SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected database failure'; END IF; END");
        try {
            HttpCall.Response failed = post(RETRIES, batch);

            assertThat(failed.status()).as(failed.body()).isGreaterThanOrEqualTo(500);
            assertThat(failed.contentType()).startsWith("application/problem+json");
        } finally {
            jdbc.execute("DROP TRIGGER IF EXISTS " + trigger);
        }
        assertThat(deductLog.find(first.orderId())).isNull();
        assertThat(deductLog.find(second.orderId())).isNull();
        assertThat(deductLog.find(last.orderId())).isNull();
        assertThat(deductLog.find(poisoned.orderId()).status()).isEqualTo(DeductStatus.FAIL);
        assertThat(stock.stockOf(sku)).isEqualTo(10);

        HttpCall.Response redriven = post(RETRIES, batch);

        assertThat(results(redriven)).containsExactly(first.orderId() + " SUCCESS", second.orderId() + " SUCCESS",
                poisoned.orderId() + " SUCCESS", last.orderId() + " SUCCESS");
        assertThat(stock.stockOf(sku)).isEqualTo(1);
    }

    private static String batch(OrderCreatedEvent... events) {
        return "{\"events\":[" + Stream.of(events).map(OrderEvents::toJson).collect(Collectors.joining(",")) + "]}";
    }

    private static List<String> results(HttpCall.Response response) {
        List<String> results = new ArrayList<>();
        response.json().get("results").forEach(result -> results.add(result.get("orderId").asString() + " "
                + result.get("status").asString()));
        return results;
    }

    private HttpCall.Response post(String path, String body) {
        return HttpCall.post(port, path).bearer(TestInfrastructure.shared().authServer().tokens().reconcile())
                .json(body).send();
    }

    private long skuWithStock(int units) {
        long sku = Events.newSku();
        stock.set(sku, units);
        return sku;
    }
}
