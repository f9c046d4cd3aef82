package dev.eventual.inventory.deduct;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.infra.test.FakeOrderService;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.inventory.stock.StockMapper;
import dev.eventual.inventory.support.Events;
import dev.eventual.inventory.support.InventoryServiceIT;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A late event never applies twice (docs/retention.md), through the real broker on the real database: once the
 * cleanup removed an old order's deduct record, its events are refused (a REFUSED record, no stock change; the FAIL
 * report saying why is OrderEventHandlerTest's), however often they come; while the record is kept, they are deduplicated as ever. The orders
 * age by {@link Events#placedEarlier}: their records' {@code updated_at} and their events' times go back together.
 */
@InventoryServiceIT
class LateEventIT {

    /** Past the service's retention of 30 days (inventory-service.yml's default). */
    private static final Duration FORTY_DAYS = Duration.ofDays(40);
    /** reconcile-job's back-off schedule, as it sends it with the cleanup call. */
    private static final String CLEANUP = "{\"upstreamHorizonSeconds\":7560}";

    @LocalServerPort
    int port;

    @Autowired
    StockMapper stock;

    @Autowired
    DeductLogMapper deductLog;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    ApplicationContext context;

    @Autowired
    MeterRegistry meters;

    /**
     * order-service is played by a fake that takes reports: a delivery's refusal is acknowledged only once
     * order-service took it (NoticeEventHandler's and OrderEventHandlerTest's), and no refusal of this test may
     * stay behind to be delivered again into the next one.
     */
    @Test
    void anOldOrdersEventsRedeliveredAfterTheCleanupAreRefusedAndChangeNoStock() {
        try (FakeOrderService orderService = FakeOrderService.start(context)) {
            refusedAndReported(orderService);
        }
    }

    private void refusedAndReported(FakeOrderService orderService) {
        long sku = skuWithStock(10);
        OrderCreatedEvent deducted = Events.created(sku, 3);
        OrderCreatedEvent laterCanceled = Events.created(sku, 2);
        Events.publish(deducted);
        Events.publish(laterCanceled);
        await().atMost(Duration.ofSeconds(30)).until(() -> status(deducted) == DeductStatus.SUCCESS
                && status(laterCanceled) == DeductStatus.SUCCESS);
        assertThat(stock.stockOf(sku)).isEqualTo(5);
        // forty days on: the records untouched since, the cleanup removes them
        age(deducted, laterCanceled);
        HttpCall.Response cleaned = internal("/internal/inventory/cleanup", CLEANUP);
        assertThat(cleaned.status()).as(cleaned.body()).isEqualTo(200);
        assertThat(cleaned.json().get("removed").asLong()).isGreaterThanOrEqualTo(2);
        assertThat(deductLog.find(deducted.orderId())).isNull();
        assertThat(deductLog.find(laterCanceled.orderId())).isNull();
        double refusedBefore = counter("eventual.inventory.refused", "event", "ORDER_CREATED")
                + counter("eventual.inventory.refused", "event", "ORDER_CANCELED");

        // the broker hands the old create over again, and the other order's cancel comes now
        OrderCreatedEvent redelivered = Events.placedEarlier(deducted, FORTY_DAYS);
        OrderCanceledEvent lateCancel = Events.canceled(Events.placedEarlier(laterCanceled, FORTY_DAYS));
        Events.publish(redelivered);
        Events.publish(lateCancel);

        await().atMost(Duration.ofSeconds(30)).until(() -> status(deducted) == DeductStatus.REFUSED
                && status(laterCanceled) == DeductStatus.REFUSED);
        assertThat(stock.stockOf(sku)).as("deducted once, released never").isEqualTo(5);
        assertThat(deductLog.find(deducted.orderId()).failReason())
                .startsWith("refused: order created " + redelivered.createdAt());
        assertThat(counter("eventual.inventory.refused", "event", "ORDER_CREATED")
                + counter("eventual.inventory.refused", "event", "ORDER_CANCELED")).isEqualTo(refusedBefore + 2);
        HttpCall.Response statuses = internal("/internal/inventory/status",
                "{\"orderIds\":[\"" + deducted.orderId() + "\",\"" + laterCanceled.orderId() + "\"]}");
        assertThat(statuses.json().get("statuses").get(Long.toString(deducted.orderId())).asString()).isEqualTo("REFUSED");
        assertThat(statuses.json().get("statuses").get(Long.toString(laterCanceled.orderId())).asString())
                .isEqualTo("REFUSED");
        for (long refused : List.of(deducted.orderId(), laterCanceled.orderId())) {
            assertThat(orderService.awaitTakenReport(refused, entry -> "REFUSED".equals(entry.get("status").asString()),
                    Duration.ofSeconds(30)).entry().get("detail").asString()).startsWith("refused: order created ");
        }

        // delivered again, and the refused order's cancel: still refused, nothing released, nothing fenced
        double duplicatesBefore = counter("eventual.inventory.duplicates", "event", "ORDER_CREATED")
                + counter("eventual.inventory.duplicates", "event", "ORDER_CANCELED");
        Events.publish(redelivered);
        Events.publish(Events.canceled(redelivered));
        await().atMost(Duration.ofSeconds(30)).until(() -> counter("eventual.inventory.duplicates", "event", "ORDER_CREATED")
                + counter("eventual.inventory.duplicates", "event", "ORDER_CANCELED") >= duplicatesBefore + 2);
        assertThat(status(deducted)).isEqualTo(DeductStatus.REFUSED);
        assertThat(stock.stockOf(sku)).isEqualTo(5);
    }

    /** The record decides, not the event's age: an old order whose record is kept is handled as it always was. */
    @Test
    void anOldOrdersEventsWhoseRecordIsKeptAreDeduplicatedAndReleasedAsEver() {
        long sku = skuWithStock(10);
        OrderCreatedEvent created = Events.created(sku, 4);
        Events.publish(created);
        await().atMost(Duration.ofSeconds(30)).until(() -> status(created) == DeductStatus.SUCCESS);
        OrderCreatedEvent old = Events.placedEarlier(created, FORTY_DAYS);
        double duplicatesBefore = counter("eventual.inventory.duplicates", "event", "ORDER_CREATED");

        Events.publish(old);

        await().atMost(Duration.ofSeconds(30))
                .until(() -> counter("eventual.inventory.duplicates", "event", "ORDER_CREATED") > duplicatesBefore);
        assertThat(status(created)).isEqualTo(DeductStatus.SUCCESS);
        assertThat(stock.stockOf(sku)).isEqualTo(6);

        Events.publish(Events.canceled(old));

        await().atMost(Duration.ofSeconds(30)).until(() -> status(created) == DeductStatus.RELEASED);
        assertThat(stock.stockOf(sku)).isEqualTo(10);
    }

    /** The reconcile job's re-drives follow the same rule as the broker's deliveries. */
    @Test
    void aRedriveOfAnOldOrderWithoutARecordIsRefusedToo() {
        long sku = skuWithStock(5);
        OrderCreatedEvent old = Events.placedEarlier(Events.created(sku, 1), FORTY_DAYS);

        HttpCall.Response retried = internal("/internal/inventory/retries", "{\"events\":[" + OrderEvents.toJson(old) + "]}");
        HttpCall.Response released = internal("/internal/inventory/releases",
                "{\"events\":[" + OrderEvents.toJson(Events.canceled(old)) + "]}");

        assertThat(retried.status()).as(retried.body()).isEqualTo(200);
        assertThat(retried.json().get("results").get(0).get("status").asString()).isEqualTo("REFUSED");
        assertThat(retried.json().get("results").get(0).get("detail").asString()).startsWith("refused: ");
        assertThat(released.json().get("results").get(0).get("status").asString()).isEqualTo("REFUSED");
        assertThat(status(old)).isEqualTo(DeductStatus.REFUSED);
        assertThat(stock.stockOf(sku)).isEqualTo(5);
    }

    /** Sets the records' last change back by forty days, as if untouched since. */
    private void age(OrderCreatedEvent... orders) {
        jdbc.update("UPDATE inventory_deduct_log SET updated_at = updated_at - INTERVAL 40 DAY WHERE order_id IN ("
                + Arrays.stream(orders).map(order -> Long.toString(order.orderId())).collect(Collectors.joining(",")) + ")");
    }

    private DeductStatus status(OrderCreatedEvent order) {
        DeductRecord record = deductLog.find(order.orderId());
        return record == null ? null : record.status();
    }

    private HttpCall.Response internal(String path, String body) {
        return HttpCall.post(port, path).bearer(TestInfrastructure.shared().authServer().tokens().reconcile())
                .json(body).send();
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
