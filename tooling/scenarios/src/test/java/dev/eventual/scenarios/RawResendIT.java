package dev.eventual.scenarios;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.test.TestProducer;
import dev.eventual.launcher.SuiteService;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 7: a raw producer re-sends events that were already applied, same key, tag and body
 * (an operator replaying a topic, a misbehaving bridge). Nothing may change.
 */
class RawResendIT {

    private static final int ORDERS = 4;
    private static final long SKU = 87_001;

    private final ChaosSuite chaos = ChaosSuite.get();

    @Test
    void resendingProcessedEventsHasNoEffect() throws Exception {
        chaos.stock(Map.of(SKU, 100));
        List<Long> placed = chaos.placeAccepted(ORDERS, 870_000, SKU, i -> 2, "resend-");
        chaos.awaitQuiet();
        long stock = chaos.count(ServiceDatabase.INVENTORY, "SELECT stock FROM inventory WHERE sku_id = ?", SKU);
        assertThat(stock).isEqualTo(100 - 2 * ORDERS);

        double inventoryDuplicates = chaos.meter(SuiteService.INVENTORY, "eventual.inventory.duplicates", "event:ORDER_CREATED");
        double noticeDuplicates = chaos.meter(SuiteService.NOTICE, "eventual.notice.duplicates");
        try (TestProducer producer = TestProducer.start(chaos.suite.broker().nameServerAddress(), "chaos-raw-resender")) {
            for (long orderId : placed) {
                List<String> stored = chaos.strings(ServiceDatabase.ORDER, "SELECT CONCAT(tag, '|', msg_key, '|', payload)"
                        + " FROM message_log WHERE order_id = ? AND event_type = 'ORDER_CREATED'", orderId);
                String[] parts = stored.get(0).split("\\|", 3);
                for (int copy = 0; copy < 2; copy++) {
                    producer.send(OrderMessaging.ORDER_TOPIC, parts[0], parts[1], parts[2].getBytes(StandardCharsets.UTF_8));
                }
            }
        }
        // both groups took every copy and recognised it as one they had applied already
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            assertThat(chaos.meter(SuiteService.INVENTORY, "eventual.inventory.duplicates", "event:ORDER_CREATED"))
                    .as("created events inventory-service recognised").isGreaterThanOrEqualTo(inventoryDuplicates + 2 * ORDERS);
            assertThat(chaos.meter(SuiteService.NOTICE, "eventual.notice.duplicates"))
                    .as("events notice-service recognised").isGreaterThanOrEqualTo(noticeDuplicates + 2 * ORDERS);
        });

        assertThat(chaos.count(ServiceDatabase.INVENTORY, "SELECT stock FROM inventory WHERE sku_id = ?", SKU)).isEqualTo(stock);
        for (long orderId : placed) {
            assertThat(chaos.count(ServiceDatabase.INVENTORY, "SELECT COUNT(*) FROM inventory_deduct_log WHERE order_id = ?",
                    orderId)).isEqualTo(1);
            assertThat(chaos.count(ServiceDatabase.NOTICE, "SELECT COUNT(*) FROM notice_log WHERE order_id = ?", orderId))
                    .isEqualTo(1);
        }
        assertThat(chaos.violations(Map.of(SKU, 100))).isEmpty();
    }
}
