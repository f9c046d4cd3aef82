package dev.eventual.scenarios;

import dev.eventual.common.messaging.InternalAuth;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.InfrastructureInitializer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** order-service and inventory-service together: real half messages, real consumption, real Feign reports. */
class OrderToInventoryIT {

    private final RunningSuite suite = RunningSuite.shared();

    @Test
    void placedOrderDeductsStockAndOrderServiceShowsInventorySuccess() {
        long sku = skuWithStock(5);

        String orderId = place(sku, 2);

        await().atMost(Duration.ofSeconds(30)).until(() -> inventoryStatus(orderId).equals("SUCCESS"));
        assertThat(stock(sku)).isEqualTo(3);
        assertThat(order(orderId).get("messageStatus").asString()).isEqualTo("SENT");
    }

    @Test
    void insufficientStockShowsFailInOrderService() {
        long sku = skuWithStock(1);

        String orderId = place(sku, 2);

        await().atMost(Duration.ofSeconds(30)).until(() -> inventoryStatus(orderId).equals("FAIL"));
        assertThat(order(orderId).get("messageStatus").asString()).isEqualTo("FAIL");
        assertThat(stock(sku)).isEqualTo(1);
    }

    @Test
    void canceledOrderGetsItsStockBackOnce() {
        long sku = skuWithStock(5);
        String orderId = place(sku, 2);
        await().atMost(Duration.ofSeconds(30)).until(() -> inventoryStatus(orderId).equals("SUCCESS"));

        assertThat(HttpCall.post(suite.orderPort(), "/api/orders/" + orderId + "/cancel").send().status()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(30)).until(() -> stock(sku) == 5);
        await().atMost(Duration.ofSeconds(30)).until(() ->
                order(orderId).get("events").get(1).get("consumers").get("inventory").asString().equals("SUCCESS"));
        assertThat(HttpCall.post(suite.orderPort(), "/api/orders/" + orderId + "/cancel").send().status()).isEqualTo(409);
        assertThat(stock(sku)).isEqualTo(5);
    }

    private String place(long sku, int quantity) {
        HttpCall.Response response = HttpCall.post(suite.orderPort(), "/api/orders")
                .json("{\"userId\":1,\"skuId\":" + sku + ",\"quantity\":" + quantity + "}").send();
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("orderId").asString();
    }

    private JsonNode order(String orderId) {
        return HttpCall.get(suite.orderPort(), "/api/orders/" + orderId).send().json();
    }

    private String inventoryStatus(String orderId) {
        return order(orderId).get("consumers").get("inventory").asString();
    }

    private long skuWithStock(int stock) {
        long sku = ThreadLocalRandom.current().nextLong(1_000_000, 9_000_000_000L);
        HttpCall.Response response = HttpCall.put(suite.inventoryPort(), "/api/inventory/" + sku)
                .header(InternalAuth.TOKEN_HEADER, InfrastructureInitializer.TEST_SERVICE_TOKEN)
                .json("{\"stock\":" + stock + "}").send();
        assertThat(response.status()).isEqualTo(200);
        return sku;
    }

    private int stock(long sku) {
        return HttpCall.get(suite.inventoryPort(), "/api/inventory/" + sku).send().json().get("stock").asInt();
    }
}
