package dev.eventual.scenarios;

import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.launcher.SuiteService;
import dev.eventual.scenarios.OrderClient.CancelAttempt;
import dev.eventual.scenarios.fault.FaultPoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 2 for cancels: order-service dies (SIGKILL) while cancels sit between the ORDER_CANCELED
 * half message and the broker's commit. Without a local commit the check-back rolls each attempt back
 * and the order keeps its stock and gets no cancel notice, and a later cancel of the same order
 * succeeds; with one, the check-back delivers the event and the stock comes back once and the cancel
 * notice goes out once.
 */
class OrderServiceCancelCrashIT {

    private static final Logger log = LoggerFactory.getLogger(OrderServiceCancelCrashIT.class);
    private static final int ORDERS = 5;
    private static final int QUANTITY = 2;

    private final ChaosSuite chaos = ChaosSuite.get();
    private final ExecutorService clients = Executors.newFixedThreadPool(ORDERS);

    @AfterEach
    void disarm() {
        clients.shutdownNow();
        chaos.faults.reset(FaultPoint.CANCEL_HANG_BEFORE_LOCAL_COMMIT);
        chaos.faults.reset(FaultPoint.CANCEL_HANG_AFTER_LOCAL_COMMIT);
        if (!chaos.suite.service(SuiteService.ORDER).isAlive()) {
            chaos.suite.service(SuiteService.ORDER).start();
            chaos.suite.service(SuiteService.ORDER).awaitHealthy(Duration.ofMinutes(3));
        }
    }

    @Test
    void killedBeforeTheLocalCommitRollsBackEveryCancelAndTheOrdersKeepTheirStock() throws Exception {
        long sku = 81_001;
        chaos.stock(Map.of(sku, 100));
        List<Long> placed = chaos.placeAccepted(ORDERS, 840_000, sku, i -> QUANTITY, "cancel-crash-before-");
        chaos.awaitQuiet();

        List<CompletableFuture<CancelAttempt>> inFlight = crashWhileArmed(FaultPoint.CANCEL_HANG_BEFORE_LOCAL_COMMIT, placed);

        for (CompletableFuture<CancelAttempt> attempt : inFlight) {
            assertThat(attempt.get().status()).as("a cancel sent to the killed service gets no answer")
                    .isEqualTo(OrderClient.NO_ANSWER);
        }
        // the restarted instance's check-back finds no committed cancel and rolls each half message back
        await().alias("check-backs answered ROLLBACK").atMost(Duration.ofMinutes(1)).until(() ->
                chaos.meter(SuiteService.ORDER, "eventual.order.check-backs", "answer:ROLLBACK") >= ORDERS);
        chaos.awaitQuiet();
        for (long orderId : placed) {
            assertThat(chaos.strings(ServiceDatabase.ORDER, "SELECT status FROM t_order WHERE order_id = ?", orderId))
                    .as("order %d", orderId).containsExactly("CREATED");
            assertThat(chaos.count(ServiceDatabase.ORDER, "SELECT COUNT(*) FROM message_log WHERE order_id = ?"
                    + " AND event_type = 'ORDER_CANCELED'", orderId))
                    .as("committed cancel events of order %d", orderId).isZero();
            assertThat(chaos.strings(ServiceDatabase.ORDER, "SELECT outcome FROM tx_attempt_barrier WHERE order_id = ?"
                    + " AND event_type = 'ORDER_CANCELED'", orderId))
                    .as("cancel attempts of order %d", orderId).containsExactly("ROLLED_BACK");
            assertThat(chaos.strings(ServiceDatabase.INVENTORY, "SELECT status FROM inventory_deduct_log WHERE order_id = ?",
                    orderId)).as("deduction of order %d", orderId).containsExactly("SUCCESS");
            assertThat(chaos.count(ServiceDatabase.NOTICE, "SELECT COUNT(*) FROM notice_log WHERE order_id = ?"
                    + " AND notice_type = 'ORDER_CANCELED'", orderId)).as("cancel notices of order %d", orderId).isZero();
        }
        assertThat(chaos.count(ServiceDatabase.INVENTORY, "SELECT stock FROM inventory WHERE sku_id = ?", sku))
                .isEqualTo(100 - ORDERS * QUANTITY);
        assertThat(chaos.violations(Map.of(sku, 100))).isEmpty();

        // the rolled-back attempts leave nothing behind that blocks the next cancel of the same orders
        for (long orderId : placed) {
            assertThat(chaos.orders().cancel(orderId, Duration.ofSeconds(30)).status()).as("cancel of order %d again", orderId)
                    .isEqualTo(200);
        }
        chaos.awaitQuiet();
        for (long orderId : placed) {
            assertThat(chaos.strings(ServiceDatabase.INVENTORY, "SELECT status FROM inventory_deduct_log WHERE order_id = ?",
                    orderId)).as("deduction of order %d", orderId).containsExactly("RELEASED");
        }
        assertThat(chaos.count(ServiceDatabase.INVENTORY, "SELECT stock FROM inventory WHERE sku_id = ?", sku)).isEqualTo(100);
        assertThat(chaos.violations(Map.of(sku, 100))).isEmpty();
    }

    @Test
    void killedAfterTheLocalCommitCompletesEveryCancelThroughTheCheckBack() throws Exception {
        long sku = 81_002;
        chaos.stock(Map.of(sku, 100));
        List<Long> placed = chaos.placeAccepted(ORDERS, 841_000, sku, i -> QUANTITY, "cancel-crash-after-");
        chaos.awaitQuiet();
        double released = chaos.meter(SuiteService.INVENTORY, "eventual.inventory.consumed",
                "event:ORDER_CANCELED", "outcome:RELEASED");

        List<CompletableFuture<CancelAttempt>> inFlight = crashWhileArmed(FaultPoint.CANCEL_HANG_AFTER_LOCAL_COMMIT, placed);

        for (CompletableFuture<CancelAttempt> attempt : inFlight) {
            assertThat(attempt.get().status()).as("a cancel sent to the killed service gets no answer")
                    .isEqualTo(OrderClient.NO_ANSWER);
        }
        for (long orderId : placed) {
            assertThat(chaos.strings(ServiceDatabase.ORDER, "SELECT status FROM t_order WHERE order_id = ?", orderId))
                    .as("order %d, committed before the crash", orderId).containsExactly("CANCELED");
        }
        // the broker never heard COMMIT: only the restarted instance's check-back can deliver the events
        await().alias("check-backs answered COMMIT").atMost(Duration.ofMinutes(1)).until(() ->
                chaos.meter(SuiteService.ORDER, "eventual.order.check-backs", "answer:COMMIT") >= ORDERS);
        chaos.awaitQuiet();
        for (long orderId : placed) {
            assertThat(chaos.strings(ServiceDatabase.ORDER, "SELECT reconcile_status FROM message_log WHERE order_id = ?"
                    + " AND event_type = 'ORDER_CANCELED'", orderId)).as("cancel event of order %d", orderId)
                    .containsExactly("SUCCESS");
            assertThat(chaos.strings(ServiceDatabase.INVENTORY, "SELECT status FROM inventory_deduct_log WHERE order_id = ?",
                    orderId)).as("deduction of order %d", orderId).containsExactly("RELEASED");
            assertThat(chaos.strings(ServiceDatabase.NOTICE, "SELECT CONCAT(status, ' after ', attempts) FROM notice_log"
                    + " WHERE order_id = ? AND notice_type = 'ORDER_CANCELED'", orderId))
                    .as("cancel notice of order %d", orderId).containsExactly("SUCCESS after 1");
            // the client did not learn the outcome; reading the order tells it
            assertThat(chaos.orders().get(orderId).get("status").asText()).isEqualTo("CANCELED");
        }
        assertThat(chaos.meter(SuiteService.INVENTORY, "eventual.inventory.consumed", "event:ORDER_CANCELED",
                "outcome:RELEASED") - released).as("releases").isEqualTo(ORDERS);
        assertThat(chaos.count(ServiceDatabase.INVENTORY, "SELECT stock FROM inventory WHERE sku_id = ?", sku)).isEqualTo(100);
        assertThat(chaos.violations(Map.of(sku, 100))).isEmpty();
    }

    /** Sends a cancel of each order, each stopping at the armed point; kills order-service and restarts it. */
    private List<CompletableFuture<CancelAttempt>> crashWhileArmed(FaultPoint point, List<Long> orders) {
        chaos.faults.arm(point);
        OrderClient client = chaos.orders();
        List<CompletableFuture<CancelAttempt>> inFlight = new ArrayList<>();
        for (long orderId : orders) {
            inFlight.add(CompletableFuture.supplyAsync(() -> client.cancel(orderId, Duration.ofMinutes(2)), clients));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> chaos.faults.arrivals(point) == orders.size());
        long started = System.nanoTime();
        chaos.suite.service(SuiteService.ORDER).kill();
        chaos.faults.reset(point);
        chaos.suite.service(SuiteService.ORDER).start();
        chaos.suite.service(SuiteService.ORDER).awaitHealthy(Duration.ofMinutes(3));
        log.info("order-service killed with {} cancels at {} and back in {} ms", orders.size(), point,
                (System.nanoTime() - started) / 1_000_000);
        return inFlight;
    }
}
