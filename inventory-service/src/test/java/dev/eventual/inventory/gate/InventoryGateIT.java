package dev.eventual.inventory.gate;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.InternalAuth;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.gate.GateState;
import dev.eventual.gate.StockGate;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.InfrastructureInitializer;
import dev.eventual.inventory.InventoryServiceApplication;
import dev.eventual.inventory.deduct.OrderEventHandler;
import dev.eventual.inventory.stock.StockMapper;
import dev.eventual.inventory.support.Events;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
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

    private static final String TOKEN = InfrastructureInitializer.TEST_SERVICE_TOKEN;

    @LocalServerPort
    int port;

    @Autowired
    OrderEventHandler handler;

    @Autowired
    StockGate gate;

    @Autowired
    StockMapper stock;

    private final long sku = Events.newSku();

    @Test
    void settingStockSeedsTheCountFromItAndTheReservationsInFlight() {
        setStock(10);
        gate.reserve(sku, 1, 3);

        setStock(20);

        assertThat(gate.state(sku)).isEqualTo(new GateState(17L, Map.of(1L, 3)));
    }

    @Test
    void aDeductionEndsTheReservationOnceAndTheStockAndGateAgree() {
        setStock(10);
        OrderCreatedEvent order = Events.created(sku, 3);
        gate.reserve(sku, order.orderId(), 3);

        deliver(created(order));
        deliver(created(order));

        assertThat(stock.stockOf(sku)).isEqualTo(7);
        assertThat(gate.state(sku)).isEqualTo(new GateState(7L, Map.of()));
    }

    @Test
    void aCanceledDeductedOrderPutsItsUnitsBackOnSaleOnce() {
        setStock(10);
        OrderCreatedEvent order = Events.created(sku, 4);
        gate.reserve(sku, order.orderId(), 4);
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
        gate.reserve(sku, order.orderId(), 2);

        deliver(canceled(Events.canceled(order)));
        deliver(created(order));

        assertThat(stock.stockOf(sku)).isEqualTo(10);
        assertThat(gate.state(sku)).isEqualTo(new GateState(10L, Map.of()));
    }

    @Test
    void aGatedOrderTheStockStillRefusesIsCountedAsDrift() {
        setStock(1);
        OrderCreatedEvent order = Events.created(sku, 2);
        gate.reserve(sku, 424242, 1);
        double before = drift();

        deliver(created(order));

        assertThat(drift()).isEqualTo(before + 1);
        assertThat(stock.stockOf(sku)).isEqualTo(1);
    }

    private void setStock(int units) {
        HttpCall.Response set = HttpCall.put(port, "/api/inventory/" + sku).header(InternalAuth.TOKEN_HEADER, TOKEN)
                .json("{\"stock\":" + units + "}").send();
        assertThat(set.status()).as(set.body()).isEqualTo(200);
    }

    private void deliver(ReceivedEvent event) {
        handler.handleAll(List.of(event));
    }

    private double drift() {
        HttpCall.Response metric = HttpCall.get(port, "/actuator/metrics/eventual.gate.drift").send();
        return metric.status() == 404 ? 0 : metric.json().get("measurements").get(0).get("value").asDouble();
    }

    private static ReceivedEvent created(OrderCreatedEvent event) {
        return ReceivedEvent.of(event, 1, null);
    }

    private static ReceivedEvent canceled(OrderCanceledEvent event) {
        return ReceivedEvent.of(event, 1, null);
    }
}
