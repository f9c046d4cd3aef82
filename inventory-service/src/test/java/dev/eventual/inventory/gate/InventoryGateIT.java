package dev.eventual.inventory.gate;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.gate.GateState;
import dev.eventual.gate.StockGate;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.InfrastructureInitializer;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.inventory.InventoryServiceApplication;
import dev.eventual.inventory.deduct.OrderEventHandler;
import dev.eventual.inventory.deduct.StockLedger;
import dev.eventual.inventory.stock.StockMapper;
import dev.eventual.inventory.support.Events;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.context.ContextConfiguration;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * inventory-service with the stock gate on, against real Redis and MariaDB: after each committed
 * change it tells the gate, so that the gate's count plus the reservations in flight is the database
 * stock, however often an event is delivered (docs/stock-gate.md).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.config.name=" + InventoryServiceApplication.CONFIG_NAME,
        InfrastructureInitializer.DATABASE_PROPERTY + "=INVENTORY",
        InfrastructureInitializer.REDIS_PROPERTY + "=true",
        "eventual.gate.enabled=true",
        "spring.cloud.discovery.client.simple.instances.order-service[0].uri=http://127.0.0.1:1"})
@ContextConfiguration(initializers = InfrastructureInitializer.class)
class InventoryGateIT {


    @LocalServerPort
    int port;

    /** Where its metrics are (docs/operations.md, "The management port"). */
    @LocalManagementPort
    int managementPort;

    @Autowired
    OrderEventHandler handler;

    @Autowired
    StockGate gate;

    @Autowired
    StockMapper stock;

    @Autowired
    StockLedger ledger;

    @Autowired
    StringRedisTemplate redis;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();
    private final long sku = Events.newSku();

    /** As after the reconcile job's first rebuild: without the mark, a missing count waits for the rebuild. */
    @BeforeEach
    void rebuilt() {
        gate.markCatalogSeeded();
    }

    @Test
    void settingStockSeedsTheCountFromItAndTheReservationsInFlight() {
        setStock(10);
        gate.reserve(sku, 1, 3, "buyer:1");

        setStock(20);

        assertThat(gate.state(sku)).isEqualTo(new GateState(17L, Map.of(1L, 3)));
    }

    /**
     * A SKU inventory creates has had no order admitted: the gate's sold-out answer then tells a buyer it never
     * admitted, and placement skips order_db for it (docs/stock-gate.md, "A refusal without SQL"). A SKU inventory
     * held before its count was created (its stock set while the gate was off) may have orders the gate never saw.
     */
    @Test
    void aSkuInventoryCreatesStartsTheWholeHistoryOfItsBuyersAndOneItHeldDoesNot() {
        setStock(1);
        assertThat(gate.reserve(sku, 1, 1, "7:first").reserved()).isTrue();
        assertThat(gate.reserve(sku, 2, 1, "8:other").buyerMayHaveOrder()).isFalse();

        stock.set(sku + 1, 5);
        HttpCall.Response set = HttpCall.put(port, "/api/inventory/" + (sku + 1)).bearer(tokens.admin())
                .json("{\"stock\":0}").send();
        assertThat(set.status()).as(set.body()).isEqualTo(200);
        assertThat(gate.reserve(sku + 1, 3, 1, "8:other").buyerMayHaveOrder()).isTrue();
    }

    @Test
    void aDeductionEndsTheReservationOnceAndTheStockAndGateAgree() {
        setStock(10);
        OrderCreatedEvent order = Events.created(sku, 3);
        gate.reserve(sku, order.orderId(), 3, "buyer:" + order.orderId());

        deliver(created(order));
        deliver(created(order));

        assertThat(stock.stockOf(sku)).isEqualTo(7);
        assertThat(gate.state(sku)).isEqualTo(new GateState(7L, Map.of()));
    }

    @Test
    void aCanceledDeductedOrderPutsItsUnitsBackOnSaleOnce() {
        setStock(10);
        OrderCreatedEvent order = Events.created(sku, 4);
        gate.reserve(sku, order.orderId(), 4, "buyer:" + order.orderId());
        deliver(created(order));

        deliver(canceled(Events.canceled(order)));
        deliver(canceled(Events.canceled(order)));

        assertThat(stock.stockOf(sku)).isEqualTo(10);
        assertThat(gate.state(sku)).isEqualTo(new GateState(10L, Map.of()));
    }

    @Test
    void aCancelThatFencesAnUndeductedOrderGivesItsReservationBack() {
        setStock(10);
        OrderCreatedEvent order = Events.created(sku, 2);
        gate.reserve(sku, order.orderId(), 2, "buyer:" + order.orderId());

        deliver(canceled(Events.canceled(order)));
        deliver(created(order));

        assertThat(stock.stockOf(sku)).isEqualTo(10);
        assertThat(gate.state(sku)).isEqualTo(new GateState(10L, Map.of()));
    }

    @Test
    void aGatedOrderTheStockStillRefusesIsCountedAsDrift() {
        setStock(1);
        OrderCreatedEvent order = Events.created(sku, 2);
        gate.reserve(sku, 424242, 1, "buyer:424242");
        double before = drift();

        deliver(created(order));

        assertThat(drift()).isEqualTo(before + 1);
        assertThat(stock.stockOf(sku)).isEqualTo(1);
    }

    @Test
    void aSeedEndsTheReservationsOfOrdersInventorySettledBeforeTheGateWasToldAndCountsOnlyThoseInFlight() {
        setStock(10);
        OrderCreatedEvent settled = Events.created(sku, 3);
        OrderCreatedEvent inFlight = Events.created(sku, 2);
        gate.reserve(sku, settled.orderId(), 3, "buyer:" + settled.orderId());
        gate.reserve(sku, inFlight.orderId(), 2, "buyer:" + inFlight.orderId());
        // committed by the ledger alone: the state between inventory's commit and its word to the gate
        ledger.deduct(settled, false);

        HttpCall.Response seeded = reseed();

        assertThat(seeded.status()).as(seeded.body()).isEqualTo(200);
        assertThat(seeded.json().get("before").asLong()).isEqualTo(5);
        assertThat(seeded.json().get("available").asLong()).isEqualTo(5);
        assertThat(seeded.json().get("ended").asInt()).isEqualTo(1);
        assertThat(gate.state(sku)).isEqualTo(new GateState(5L, Map.of(inFlight.orderId(), 2)));
        // the word that comes late changes nothing
        assertThat(gate.applied(sku, settled.orderId())).isFalse();
        assertThat(gate.state(sku).available()).isEqualTo(5);
    }

    @Test
    void aSeedCorrectsACountThatDrifted() {
        setStock(10);
        gate.reserve(sku, 77, 4, "buyer:77");
        redis.opsForValue().set("eventual:gate:{" + sku + "}:available", "9");

        HttpCall.Response seeded = reseed();

        assertThat(seeded.json().get("before").asLong()).isEqualTo(9);
        assertThat(gate.state(sku)).isEqualTo(new GateState(6L, Map.of(77L, 4)));
    }

    @Test
    void aRebuildSeedsTheSkusWithoutACountAroundTheRestoredReservationsAndMarksTheCatalog() {
        setStock(10);
        // what Redis holds after losing its data, once the reconcile job restored an order in flight
        redis.delete(List.of("eventual:gate:{" + sku + "}:available", "eventual:gate:{" + sku + "}:reservations"));
        gate.forgetCatalogSeeded();
        assertThat(gate.restore(sku, 99, 2, java.time.Instant.now())).isTrue();
        // neither a reseed nor setting stock creates the count before the rebuild
        HttpCall.Response leftAlone = reseed();
        assertThat(leftAlone.status()).as(leftAlone.body()).isEqualTo(200);
        assertThat(leftAlone.json().hasNonNull("available")).as(leftAlone.body()).isFalse();
        setStock(10);
        assertThat(gate.state(sku).available()).isNull();

        HttpCall.Response rebuilt = HttpCall.post(port, "/api/inventory/gate/rebuild").bearer(tokens.reconcile())
                .send();

        assertThat(rebuilt.status()).as(rebuilt.body()).isEqualTo(200);
        assertThat(rebuilt.json().get("seeded").asInt()).isGreaterThanOrEqualTo(1);
        assertThat(gate.state(sku)).isEqualTo(new GateState(8L, Map.of(99L, 2)));
        assertThat(gate.catalogSeeded()).isTrue();
        assertThat(gate.catalogSeeded(sku)).isTrue();
        // a seeded SKU's reservations are the truth: a restore there changes nothing
        assertThat(gate.restore(sku, 100, 1, java.time.Instant.now())).isFalse();
    }

    @Test
    void theGatesRepairActsAreTheAdminsAndTheReconcileJobsAndNeedAnInventorySku() {
        assertThat(HttpCall.post(port, "/api/inventory/" + sku + "/gate").send().status()).isEqualTo(401);
        assertThat(HttpCall.post(port, "/api/inventory/gate/rebuild").send().status()).isEqualTo(401);
        assertThat(HttpCall.post(port, "/api/inventory/" + sku + "/gate").bearer(tokens.operator()).send().status())
                .isEqualTo(403);
        assertThat(HttpCall.post(port, "/api/inventory/gate/rebuild").bearer(tokens.customer(7)).send().status())
                .isEqualTo(403);
        assertThat(reseed().status()).isEqualTo(404);
        assertThat(HttpCall.post(port, "/api/inventory/" + sku + "/gate").bearer(tokens.admin()).send().status())
                .isEqualTo(404);

        setStock(4);

        HttpCall.Response byAdmin = HttpCall.post(port, "/api/inventory/" + sku + "/gate").bearer(tokens.admin()).send();
        assertThat(byAdmin.status()).as(byAdmin.body()).isEqualTo(200);
        assertThat(byAdmin.json().get("available").asLong()).isEqualTo(4);
    }

    @Test
    void settingAGatedSkusStockWhileRedisIsDownChangesNothing() {
        setStock(10);
        TestInfrastructure.shared().redis().stop();
        try {
            HttpCall.Response set = HttpCall.put(port, "/api/inventory/" + sku).bearer(tokens.admin())
                    .json("{\"stock\":50}").send();

            assertThat(set.status()).as(set.body()).isEqualTo(503);
            assertThat(set.json().get("detail").asString()).contains("sku " + sku);
            assertThat(stock.stockOf(sku)).isEqualTo(10);
        } finally {
            TestInfrastructure.shared().redis().start();
        }
        assertThat(gate.state(sku).available()).isEqualTo(10);
    }

    private HttpCall.Response reseed() {
        return HttpCall.post(port, "/api/inventory/" + sku + "/gate").bearer(tokens.reconcile()).send();
    }

    private void setStock(int units) {
        HttpCall.Response set = HttpCall.put(port, "/api/inventory/" + sku).bearer(tokens.admin())
                .json("{\"stock\":" + units + "}").send();
        assertThat(set.status()).as(set.body()).isEqualTo(200);
    }

    private void deliver(ReceivedEvent event) {
        handler.handleAll(List.of(event));
    }

    private double drift() {
        HttpCall.Response metric = HttpCall.get(managementPort, "/actuator/metrics/eventual.gate.drift").send();
        return metric.status() == 404 ? 0 : metric.json().get("measurements").get(0).get("value").asDouble();
    }

    private static ReceivedEvent created(OrderCreatedEvent event) {
        return ReceivedEvent.of(event, 1, null);
    }

    private static ReceivedEvent canceled(OrderCanceledEvent event) {
        return ReceivedEvent.of(event, 1, null);
    }
}
