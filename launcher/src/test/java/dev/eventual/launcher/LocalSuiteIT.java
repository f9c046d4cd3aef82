package dev.eventual.launcher;

import dev.eventual.infra.test.HttpCall;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** What ./run-local.sh starts, on free ports: an order placed over HTTP reaches every service. */
class LocalSuiteIT {

    private static LocalSuite suite;

    @BeforeAll
    static void start() {
        Path data = Path.of(System.getProperty("eventual.infra.dir", "target/infra")).resolve("launcher");
        suite = LocalSuite.start(new LaunchSettings(data, false, 0, 0, 0, 0, 0, 0,
                "launcher-it-token-0123456789", List.of("--eventual.order.reconcile-delay=5m")));
    }

    @AfterAll
    static void stop() {
        if (suite != null) {
            suite.close();
        }
    }

    @Test
    void demoStockIsSeededAndAnOrderIsConsumedByEveryService() {
        assertThat(stock(1001)).isEqualTo(100);
        assertThat(stock(1005)).isEqualTo(1);

        HttpCall.Response placed = HttpCall.post(suite.orderPort(), "/api/orders")
                .json("{\"userId\":1,\"skuId\":1001,\"quantity\":2}").send();
        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
        String orderId = placed.json().get("orderId").asString();

        await().atMost(Duration.ofSeconds(60)).until(() -> "CONSUMED".equals(order(orderId).get("messageStatus").asString()));
        JsonNode order = order(orderId);
        assertThat(order.get("consumers").get("inventory").asString()).isEqualTo("SUCCESS");
        assertThat(order.get("consumers").get("notice").asString()).isEqualTo("SUCCESS");
        assertThat(stock(1001)).isEqualTo(98);
    }

    @Test
    void everyServiceIsHealthy() {
        for (int port : new int[]{suite.orderPort(), suite.inventoryPort(), suite.noticePort(), suite.reconcilePort()}) {
            HttpCall.Response health = HttpCall.get(port, "/actuator/health").send();
            assertThat(health.status()).as("port %d: %s", port, health.body()).isEqualTo(200);
        }
    }

    private JsonNode order(String orderId) {
        return HttpCall.get(suite.orderPort(), "/api/orders/" + orderId).send().json();
    }

    private int stock(long sku) {
        return HttpCall.get(suite.inventoryPort(), "/api/inventory/" + sku).send().json().get("stock").asInt();
    }
}
