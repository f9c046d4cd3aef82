package dev.eventual.scenarios;

import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.launcher.SuiteService;
import dev.eventual.scenarios.fault.FaultPoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 3: inventory-service dies (SIGKILL) in the middle of a batch, with deductions committed
 * whose messages were never acknowledged. The restarted service gets them again and must not
 * deduct twice.
 */
class InventoryCrashIT {

    private static final Logger log = LoggerFactory.getLogger(InventoryCrashIT.class);
    private static final int ORDERS = 20;
    private static final long SKU = 83_001;
    private static final long FIRST_USER = 830_000;

    private final ChaosSuite chaos = ChaosSuite.get();

    @AfterEach
    void disarm() {
        chaos.faults.reset(FaultPoint.INVENTORY_HANG_AFTER_DEDUCT);
    }

    @Test
    void redeliveredEventsAfterACrashMidBatchAreNotDeductedTwice() throws Exception {
        chaos.stock(Map.of(SKU, 1_000));
        chaos.faults.arm(FaultPoint.INVENTORY_HANG_AFTER_DEDUCT);

        List<Long> placed = chaos.placeAccepted(ORDERS, FIRST_USER, SKU, i -> 1 + i % 3, "inventory-crash-");
        int units = IntStream.range(0, ORDERS).map(i -> 1 + i % 3).sum();
        // every consumer thread that took a message now sits after its committed deduction
        await().atMost(Duration.ofSeconds(30)).until(() -> chaos.faults.arrivals(FaultPoint.INVENTORY_HANG_AFTER_DEDUCT) >= 3);
        chaos.suite.service(SuiteService.INVENTORY).kill();
        int stranded = chaos.faults.arrivals(FaultPoint.INVENTORY_HANG_AFTER_DEDUCT);
        chaos.faults.reset(FaultPoint.INVENTORY_HANG_AFTER_DEDUCT);
        long deductedAtCrash = chaos.count(ServiceDatabase.INVENTORY,
                "SELECT COUNT(*) FROM inventory_deduct_log WHERE sku_id = ?", SKU);
        chaos.suite.service(SuiteService.INVENTORY).start();
        chaos.suite.service(SuiteService.INVENTORY).awaitHealthy(Duration.ofMinutes(3));

        // the committed-but-unacknowledged deductions come back to the restarted process and are recognised;
        // reconciliation may settle every order before the broker redelivers them, so quiet alone is not enough
        await().atMost(Duration.ofSeconds(90)).untilAsserted(() -> assertThat(
                chaos.meter(SuiteService.INVENTORY, "eventual.inventory.duplicates", "event:ORDER_CREATED"))
                .isGreaterThanOrEqualTo(stranded));
        chaos.awaitQuiet();
        for (long orderId : placed) {
            assertThat(chaos.strings(ServiceDatabase.INVENTORY,
                    "SELECT status FROM inventory_deduct_log WHERE order_id = ?", orderId))
                    .as("deductions of order %d", orderId).containsExactly("SUCCESS");
        }
        assertThat(chaos.count(ServiceDatabase.INVENTORY, "SELECT stock FROM inventory WHERE sku_id = ?", SKU))
                .isEqualTo(1_000 - units);
        assertThat(chaos.violations(Map.of(SKU, 1_000))).isEmpty();
        log.info("inventory-service killed with {} deductions committed but unacknowledged ({} of {} orders deducted"
                + " at the crash); after restart every order deducted exactly once", stranded, deductedAtCrash, ORDERS);
    }
}
