package dev.eventual.scenarios;

import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.launcher.SuiteService;
import dev.eventual.scenarios.fault.FaultPoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 5: both consumers apply an event while order-service is down, so their status reports
 * go nowhere. Reconciliation must still settle every order with both consumers SUCCESS.
 */
class OrderServiceDownWhileReportingIT {

    private static final int ORDERS = 6;
    private static final long SKU = 85_001;

    private final ChaosSuite chaos = ChaosSuite.get();

    @AfterEach
    void disarm() {
        chaos.faults.reset(FaultPoint.INVENTORY_HOLD);
        chaos.faults.reset(FaultPoint.NOTICE_HOLD);
        if (!chaos.suite.service(SuiteService.ORDER).isAlive()) {
            chaos.suite.service(SuiteService.ORDER).start();
            chaos.suite.service(SuiteService.ORDER).awaitHealthy(Duration.ofMinutes(3));
        }
    }

    @Test
    void reconciliationSettlesOrdersWhoseConsumerReportsFoundOrderServiceDown() throws Exception {
        chaos.stock(Map.of(SKU, 100));
        chaos.faults.arm(FaultPoint.INVENTORY_HOLD);
        chaos.faults.arm(FaultPoint.NOTICE_HOLD);
        List<Long> placed = chaos.placeAccepted(ORDERS, 850_000, SKU, i -> 1, "reporting-");
        await().atMost(Duration.ofSeconds(30)).until(() -> chaos.faults.arrivals(FaultPoint.INVENTORY_HOLD) == ORDERS
                && chaos.faults.arrivals(FaultPoint.NOTICE_HOLD) == ORDERS);

        double inventoryReportFailures = chaos.meter(SuiteService.INVENTORY, "eventual.inventory.report-failures");
        double noticeReportFailures = chaos.meter(SuiteService.NOTICE, "eventual.notice.report-failures");
        chaos.suite.service(SuiteService.ORDER).kill();
        chaos.faults.disarm(FaultPoint.INVENTORY_HOLD);
        chaos.faults.disarm(FaultPoint.NOTICE_HOLD);
        // both consumers apply every event, and every report of it finds order-service gone
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            for (long orderId : placed) {
                assertThat(chaos.strings(ServiceDatabase.INVENTORY, "SELECT status FROM inventory_deduct_log WHERE order_id = ?",
                        orderId)).as("deduction of order %d", orderId).containsExactly("SUCCESS");
                assertThat(chaos.strings(ServiceDatabase.NOTICE, "SELECT status FROM notice_log WHERE order_id = ?", orderId))
                        .as("notice of order %d", orderId).containsExactly("SUCCESS");
            }
            assertThat(chaos.meter(SuiteService.INVENTORY, "eventual.inventory.report-failures"))
                    .as("inventory reports that failed").isGreaterThanOrEqualTo(inventoryReportFailures + ORDERS);
            assertThat(chaos.meter(SuiteService.NOTICE, "eventual.notice.report-failures"))
                    .as("notice reports that failed").isGreaterThanOrEqualTo(noticeReportFailures + ORDERS);
        });

        chaos.suite.service(SuiteService.ORDER).start();
        chaos.suite.service(SuiteService.ORDER).awaitHealthy(Duration.ofMinutes(3));
        chaos.awaitQuiet();
        for (long orderId : placed) {
            assertThat(chaos.strings(ServiceDatabase.ORDER,
                    "SELECT reconcile_status FROM message_log WHERE order_id = ? AND event_type = 'ORDER_CREATED'", orderId))
                    .containsExactly("SUCCESS");
            assertThat(chaos.orders().get(orderId).get("consumers").toString())
                    .contains("\"inventory\":\"SUCCESS\"", "\"notice\":\"SUCCESS\"");
        }
        assertThat(chaos.violations(Map.of(SKU, 100))).isEmpty();
    }
}
