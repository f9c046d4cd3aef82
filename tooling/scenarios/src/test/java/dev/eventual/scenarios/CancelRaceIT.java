package dev.eventual.scenarios;

import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.launcher.SuiteService;
import dev.eventual.scenarios.OrderClient.CancelAttempt;
import dev.eventual.scenarios.OrderClient.RetriedCancel;
import dev.eventual.scenarios.fault.FaultPoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Cancels that race: several cancels of one order at once, and cancels racing the consumption of
 * the order's own created event. Whatever the interleaving, an order is canceled once, its stock
 * comes back once or is never taken, and its cancel notice goes out once.
 */
class CancelRaceIT {

    private static final Logger log = LoggerFactory.getLogger(CancelRaceIT.class);
    private static final int ORDERS = 5;
    private static final int CANCELS_PER_ORDER = 4;
    private static final int QUANTITY = 2;
    /**
     * A burst of half messages on a busy 2-core box makes the broker refuse some with "broker busy"
     * (flow control), answered 503 with nothing written: clients retry those, as they should.
     */
    private static final int CLIENT_TRIES = 20;

    private final ChaosSuite chaos = ChaosSuite.get();
    private final ExecutorService clients = Executors.newFixedThreadPool(ORDERS * CANCELS_PER_ORDER);

    @AfterEach
    void disarm() {
        clients.shutdownNow();
        chaos.faults.reset(FaultPoint.INVENTORY_HOLD);
    }

    @Test
    void concurrentCancelsOfOneOrderCancelItOnce() throws Exception {
        long sku = 84_101;
        chaos.stock(Map.of(sku, 100));
        List<Long> placed = chaos.placeAccepted(ORDERS, 842_000, sku, i -> QUANTITY, "cancel-concurrent-");
        chaos.awaitQuiet();
        double released = chaos.meter(SuiteService.INVENTORY, "eventual.inventory.consumed",
                "event:ORDER_CANCELED", "outcome:RELEASED");

        CountDownLatch start = new CountDownLatch(1);
        List<CompletableFuture<RetriedCancel>> attempts = new ArrayList<>();
        OrderClient client = chaos.orders();
        for (long orderId : placed) {
            for (int i = 0; i < CANCELS_PER_ORDER; i++) {
                attempts.add(CompletableFuture.supplyAsync(() -> {
                    awaitStart(start);
                    return client.cancelRetrying503(orderId, CLIENT_TRIES);
                }, clients));
            }
        }
        start.countDown();
        Map<Long, List<Integer>> answers = new HashMap<>();
        int refused = 0;
        for (CompletableFuture<RetriedCancel> attempt : attempts) {
            RetriedCancel cancel = attempt.get();
            answers.computeIfAbsent(cancel.last().orderId(), id -> new ArrayList<>()).add(cancel.last().status());
            refused += cancel.refused();
        }
        for (long orderId : placed) {
            // one cancel wins; the others find the order changed or already canceled
            assertThat(answers.get(orderId)).as("last answers to the cancels of order %d", orderId)
                    .containsOnlyOnce(200).containsOnly(200, 409);
        }
        log.info("{} concurrent cancels of {} orders: {} answers 503 retried", ORDERS * CANCELS_PER_ORDER, ORDERS, refused);

        chaos.awaitQuiet();
        for (long orderId : placed) {
            assertThat(chaos.strings(ServiceDatabase.ORDER, "SELECT CONCAT(msg_status, ' ', reconcile_status) FROM message_log"
                    + " WHERE order_id = ? AND event_type = 'ORDER_CANCELED'", orderId))
                    .as("cancel events of order %d", orderId).containsExactly("CONSUMED SUCCESS");
            assertThat(chaos.strings(ServiceDatabase.INVENTORY, "SELECT status FROM inventory_deduct_log WHERE order_id = ?",
                    orderId)).as("deduction of order %d", orderId).containsExactly("RELEASED");
            assertThat(chaos.strings(ServiceDatabase.NOTICE, "SELECT CONCAT(status, ' after ', attempts) FROM notice_log"
                    + " WHERE order_id = ? AND notice_type = 'ORDER_CANCELED'", orderId))
                    .as("cancel notice of order %d", orderId).containsExactly("SUCCESS after 1");
        }
        assertThat(chaos.meter(SuiteService.INVENTORY, "eventual.inventory.consumed", "event:ORDER_CANCELED",
                "outcome:RELEASED") - released).as("releases").isEqualTo(ORDERS);
        assertThat(chaos.count(ServiceDatabase.INVENTORY, "SELECT stock FROM inventory WHERE sku_id = ?", sku)).isEqualTo(100);
        assertThat(chaos.violations(Map.of(sku, 100))).isEmpty();
    }

    @Test
    void aCancelConsumedBeforeItsOrderIsDeductedFencesTheOrder() throws Exception {
        long sku = 84_102;
        chaos.stock(Map.of(sku, 100));
        chaos.faults.arm(FaultPoint.INVENTORY_HOLD);
        List<Long> placed = chaos.placeAccepted(ORDERS, 843_000, sku, i -> QUANTITY, "cancel-before-deduction-");
        // every created event has reached inventory-service and waits before its deduction
        await().atMost(Duration.ofSeconds(30)).until(() -> chaos.faults.arrivals(FaultPoint.INVENTORY_HOLD) >= ORDERS);
        double duplicates = chaos.meter(SuiteService.INVENTORY, "eventual.inventory.duplicates", "event:ORDER_CREATED");

        for (long orderId : placed) {
            assertThat(chaos.orders().cancel(orderId, Duration.ofSeconds(10)).status()).as("cancel of order %d", orderId)
                    .isEqualTo(200);
        }
        // the cancel overtakes the create: nothing to give back, so the order is fenced
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(chaos.strings(ServiceDatabase.INVENTORY,
                "SELECT status FROM inventory_deduct_log WHERE sku_id = ?", sku)).hasSize(ORDERS).containsOnly("FENCED"));
        chaos.faults.disarm(FaultPoint.INVENTORY_HOLD);
        // the held creates go on, find the fence and deduct nothing
        await().alias("held creates recognised as duplicates").atMost(Duration.ofSeconds(30)).until(() ->
                chaos.meter(SuiteService.INVENTORY, "eventual.inventory.duplicates", "event:ORDER_CREATED") >= duplicates + ORDERS);

        chaos.awaitQuiet();
        for (long orderId : placed) {
            assertThat(chaos.strings(ServiceDatabase.INVENTORY, "SELECT status FROM inventory_deduct_log WHERE order_id = ?",
                    orderId)).as("deduction of order %d", orderId).containsExactly("FENCED");
            assertThat(chaos.strings(ServiceDatabase.ORDER, "SELECT reconcile_status FROM message_log WHERE order_id = ?",
                    orderId)).as("events of order %d", orderId).containsExactly("SUCCESS", "SUCCESS");
            assertThat(chaos.strings(ServiceDatabase.NOTICE, "SELECT CONCAT(notice_type, ' ', status) FROM notice_log"
                    + " WHERE order_id = ?", orderId)).as("notices of order %d", orderId)
                    .containsExactlyInAnyOrder("ORDER_CREATED SUCCESS", "ORDER_CANCELED SUCCESS");
        }
        assertThat(chaos.count(ServiceDatabase.INVENTORY, "SELECT stock FROM inventory WHERE sku_id = ?", sku)).isEqualTo(100);
        assertThat(chaos.violations(Map.of(sku, 100))).isEmpty();
    }

    @Test
    void aCancelRightAfterThePlacementRacesItsConsumption() throws Exception {
        long sku = 84_103;
        int orders = 10;
        chaos.stock(Map.of(sku, 100));
        List<CompletableFuture<CancelAttempt>> cancels = new ArrayList<>();
        OrderClient client = chaos.orders();
        for (int i = 0; i < orders; i++) {
            long user = 844_000 + i;
            cancels.add(CompletableFuture.supplyAsync(() -> {
                OrderClient.Attempt placed = client.placeRetrying503(user, sku, QUANTITY, "cancel-race-" + user, CLIENT_TRIES);
                assertThat(placed.status()).as("placement for user %d", user).isEqualTo(201);
                return client.cancelRetrying503(placed.orderId(), CLIENT_TRIES).last();
            }, clients));
        }
        List<Long> canceled = new ArrayList<>();
        for (CompletableFuture<CancelAttempt> cancel : cancels) {
            assertThat(cancel.get().status()).as("cancel of order %d", cancel.get().orderId()).isEqualTo(200);
            canceled.add(cancel.get().orderId());
        }

        chaos.awaitQuiet();
        Map<String, Long> outcomes = new TreeMap<>();
        for (long orderId : canceled) {
            List<String> deduction = chaos.strings(ServiceDatabase.INVENTORY,
                    "SELECT status FROM inventory_deduct_log WHERE order_id = ?", orderId);
            assertThat(deduction).as("deduction of order %d", orderId).hasSize(1).first().isIn("RELEASED", "FENCED");
            outcomes.merge(deduction.get(0), 1L, Long::sum);
            assertThat(chaos.strings(ServiceDatabase.NOTICE, "SELECT status FROM notice_log WHERE order_id = ?"
                    + " AND notice_type = 'ORDER_CANCELED'", orderId)).as("cancel notice of order %d", orderId)
                    .containsExactly("SUCCESS");
        }
        assertThat(chaos.count(ServiceDatabase.INVENTORY, "SELECT stock FROM inventory WHERE sku_id = ?", sku)).isEqualTo(100);
        assertThat(chaos.violations(Map.of(sku, 100))).isEmpty();
        log.info("{} orders canceled right after placement: {}", orders, outcomes);
    }

    private static void awaitStart(CountDownLatch start) {
        try {
            if (!start.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the cancels were never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
