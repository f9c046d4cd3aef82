package dev.eventual.scenarios;

import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.scenarios.fault.FaultPoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 6: notice-service's consumer group loses committed events (acknowledged, never
 * applied). Reconciliation must notice the missing effect and re-drive it from the payload stored
 * in message_log.
 */
class LostEventIT {

    private static final int ORDERS = 5;
    private static final long SKU = 86_001;

    private final ChaosSuite chaos = ChaosSuite.get();

    @AfterEach
    void disarm() {
        chaos.faults.reset(FaultPoint.NOTICE_DROP);
    }

    @Test
    void anEventOneGroupNeverAppliedIsRedrivenFromTheStoredPayload() throws Exception {
        chaos.stock(Map.of(SKU, 100));
        chaos.faults.arm(FaultPoint.NOTICE_DROP);
        List<Long> placed = chaos.placeAccepted(ORDERS, 860_000, SKU, i -> 1, "lost-");
        await().atMost(Duration.ofSeconds(30)).until(() -> chaos.faults.arrivals(FaultPoint.NOTICE_DROP) == ORDERS);
        chaos.faults.disarm(FaultPoint.NOTICE_DROP);

        chaos.awaitQuiet();
        for (long orderId : placed) {
            assertThat(chaos.strings(ServiceDatabase.NOTICE, "SELECT status FROM notice_log WHERE order_id = ?", orderId))
                    .as("notice of order %d", orderId).containsExactly("SUCCESS");
            assertThat(chaos.strings(ServiceDatabase.ORDER, "SELECT reconcile_status FROM message_log"
                    + " WHERE order_id = ? AND event_type = 'ORDER_CREATED'", orderId)).containsExactly("SUCCESS");
            // the consumer wrote nothing: the one claim of the notice, so its one sending, was the re-drive's
            assertThat(chaos.strings(ServiceDatabase.NOTICE, "SELECT attempts FROM notice_log WHERE order_id = ?", orderId))
                    .as("claims of the notice of order %d", orderId).containsExactly("1");
            assertThat(chaos.orders().get(orderId).get("consumers").toString())
                    .contains("\"notice\":\"SUCCESS\"", "\"inventory\":\"SUCCESS\"");
        }
        assertThat(chaos.violations(Map.of(SKU, 100))).isEmpty();
    }
}
