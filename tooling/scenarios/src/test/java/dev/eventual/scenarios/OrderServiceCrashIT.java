package dev.eventual.scenarios;

import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.launcher.SuiteService;
import dev.eventual.scenarios.OrderClient.Attempt;
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
 * Scenario 2: order-service dies (SIGKILL) while placements sit between the half message and the
 * broker's commit. The broker's check-back, answered by the restarted service, must resolve each
 * one exactly: no local commit means rollback and no effect anywhere; a local commit means the
 * event is delivered and consumed once.
 */
class OrderServiceCrashIT {

    private static final Logger log = LoggerFactory.getLogger(OrderServiceCrashIT.class);
    private static final int ORDERS = 5;

    private final ChaosSuite chaos = ChaosSuite.get();
    private final ExecutorService clients = Executors.newFixedThreadPool(ORDERS);

    @AfterEach
    void disarm() {
        clients.shutdownNow();
        chaos.faults.reset(FaultPoint.ORDER_HANG_BEFORE_LOCAL_COMMIT);
        chaos.faults.reset(FaultPoint.ORDER_HANG_AFTER_LOCAL_COMMIT);
    }

    @Test
    void killedBeforeTheLocalCommitRollsBackEveryOrderAndTheClientMayRetry() throws Exception {
        long sku = 82_001;
        chaos.stock(Map.of(sku, 100));
        long rolledBackBefore = chaos.count(ServiceDatabase.ORDER,
                "SELECT COUNT(*) FROM tx_attempt_barrier WHERE outcome = 'ROLLED_BACK'");

        List<CompletableFuture<Attempt>> inFlight = crashWhileArmed(FaultPoint.ORDER_HANG_BEFORE_LOCAL_COMMIT, 820_000, sku);

        for (CompletableFuture<Attempt> attempt : inFlight) {
            assertThat(attempt.get().status()).as("a request to the killed service gets no answer")
                    .isEqualTo(OrderClient.NO_ANSWER);
        }
        // the check-back finds no committed attempt and settles each half message ROLLED_BACK
        await().atMost(Duration.ofMinutes(1)).until(() -> chaos.count(ServiceDatabase.ORDER,
                "SELECT COUNT(*) FROM tx_attempt_barrier WHERE outcome = 'ROLLED_BACK'") == rolledBackBefore + ORDERS);
        assertThat(chaos.count(ServiceDatabase.ORDER, "SELECT COUNT(*) FROM t_order WHERE user_id BETWEEN ? AND ?",
                820_000, 820_000 + ORDERS)).isZero();
        assertThat(chaos.count(ServiceDatabase.INVENTORY, "SELECT COUNT(*) FROM inventory_deduct_log WHERE sku_id = ?", sku))
                .isZero();
        assertThat(chaos.count(ServiceDatabase.INVENTORY, "SELECT stock FROM inventory WHERE sku_id = ?", sku)).isEqualTo(100);

        // the client did not learn the outcome; retrying with the same key places each order once
        for (CompletableFuture<Attempt> attempt : inFlight) {
            Attempt first = attempt.get();
            assertThat(chaos.orders().place(first.userId(), sku, first.quantity(), first.idempotencyKey(),
                    Duration.ofSeconds(10)).status()).isEqualTo(201);
        }
        chaos.awaitQuiet();
        assertThat(chaos.count(ServiceDatabase.INVENTORY, "SELECT stock FROM inventory WHERE sku_id = ?", sku))
                .isEqualTo(100 - ORDERS);
        assertThat(chaos.violations(Map.of(sku, 100))).isEmpty();
    }

    @Test
    void killedAfterTheLocalCommitDeliversEveryOrderThroughTheCheckBack() throws Exception {
        long sku = 82_002;
        chaos.stock(Map.of(sku, 100));

        List<CompletableFuture<Attempt>> inFlight = crashWhileArmed(FaultPoint.ORDER_HANG_AFTER_LOCAL_COMMIT, 821_000, sku);

        List<String> committed = chaos.strings(ServiceDatabase.ORDER,
                "SELECT order_id FROM t_order WHERE user_id BETWEEN ? AND ?", 821_000, 821_000 + ORDERS);
        assertThat(committed).hasSize(ORDERS);
        chaos.awaitQuiet();
        for (String orderId : committed) {
            assertThat(chaos.strings(ServiceDatabase.ORDER,
                    "SELECT reconcile_status FROM message_log WHERE order_id = ? AND event_type = 'ORDER_CREATED'", orderId))
                    .containsExactly("SUCCESS");
            assertThat(chaos.strings(ServiceDatabase.INVENTORY,
                    "SELECT status FROM inventory_deduct_log WHERE order_id = ?", orderId)).containsExactly("SUCCESS");
            assertThat(chaos.strings(ServiceDatabase.NOTICE,
                    "SELECT status FROM notice_log WHERE order_id = ?", orderId)).containsExactly("SUCCESS");
        }
        assertThat(chaos.count(ServiceDatabase.INVENTORY, "SELECT stock FROM inventory WHERE sku_id = ?", sku))
                .isEqualTo(100 - ORDERS);

        // a retry with the same key now learns the order that was placed
        for (CompletableFuture<Attempt> attempt : inFlight) {
            Attempt first = attempt.get();
            Attempt retry = chaos.orders().place(first.userId(), sku, first.quantity(), first.idempotencyKey(),
                    Duration.ofSeconds(10));
            assertThat(retry.status()).isEqualTo(200);
            assertThat(committed).contains(Long.toString(retry.orderId()));
        }
        assertThat(chaos.violations(Map.of(sku, 100))).isEmpty();
    }

    /** Sends {@value #ORDERS} placements that stop at the armed point, kills order-service, restarts it. */
    private List<CompletableFuture<Attempt>> crashWhileArmed(FaultPoint point, long firstUser, long sku) {
        chaos.faults.arm(point);
        OrderClient client = chaos.orders();
        List<CompletableFuture<Attempt>> inFlight = new ArrayList<>();
        for (int i = 0; i < ORDERS; i++) {
            long user = firstUser + i;
            inFlight.add(CompletableFuture.supplyAsync(() ->
                    client.place(user, sku, 1, "crash-" + user, Duration.ofMinutes(2)), clients));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> chaos.faults.arrivals(point) == ORDERS);
        long started = System.nanoTime();
        chaos.suite.service(SuiteService.ORDER).kill();
        chaos.faults.reset(point);
        chaos.suite.service(SuiteService.ORDER).start();
        chaos.suite.service(SuiteService.ORDER).awaitHealthy(Duration.ofMinutes(3));
        log.info("order-service killed with {} placements at {} and back in {} ms", ORDERS, point,
                (System.nanoTime() - started) / 1_000_000);
        return inFlight;
    }
}
