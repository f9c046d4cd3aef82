package dev.eventual.order.api;

import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.order.support.OrderServiceIT;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/** OpenAPI docs, Swagger UI, the meters, and an actuator on the management port that shows health, info, metrics and prometheus only. */
@OrderServiceIT
class OrderApiSurfaceIT {

    @LocalServerPort
    int port;

    /** Health and metrics: the management port, never the API's (docs/operations.md, "The management port"). */
    @LocalManagementPort
    int managementPort;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    @Test
    void openApiDescribesTheOrderApiAndSwaggerUiIsServed() {
        HttpCall.Response docs = HttpCall.get(port, "/v3/api-docs").send();

        assertThat(docs.status()).isEqualTo(200);
        assertThat(docs.json().get("paths").propertyNames())
                .contains("/api/orders", "/api/orders/{orderId}", "/api/orders/{orderId}/cancel");
        assertThat(HttpCall.get(port, "/swagger-ui/index.html").send().status()).isEqualTo(200);
    }

    @Test
    void orderMetersArePublished() {
        HttpCall.post(port, "/api/orders").bearer(tokens.customer(5)).json("{\"userId\":5,\"skuId\":5,\"quantity\":1}").send();
        HttpCall.post(port, "/api/orders").bearer(tokens.customer(5)).json("{\"userId\":5,\"skuId\":5,\"quantity\":0}").send();

        for (String meter : new String[]{"eventual.orders.created", "http.server.requests",
                "eventual.order.local-transactions"}) {
            HttpCall.Response response = HttpCall.get(managementPort, "/actuator/metrics/" + meter).send();
            assertThat(response.status()).as(meter).isEqualTo(200);
            assertThat(response.json().get("measurements").get(0).get("value").asDouble()).as(meter).isPositive();
        }
        assertThat(HttpCall.get(managementPort, "/actuator/metrics/eventual.order.local-transactions").send().json()
                .get("availableTags").findValuesAsString("tag")).contains("outcome");
    }

    @Test
    void actuatorExposesHealthInfoAndMetricsOnly() {
        assertThat(managementPort).isNotEqualTo(port);
        assertThat(HttpCall.get(managementPort, "/actuator/health").send().status()).isEqualTo(200);
        assertThat(HttpCall.get(managementPort, "/actuator/prometheus").send().status()).isEqualTo(200);
        assertThat(HttpCall.get(managementPort, "/actuator/env").send().status()).isEqualTo(404);
        assertThat(HttpCall.get(managementPort, "/actuator/beans").send().status()).isEqualTo(404);
        // nothing of the actuator on the API port
        assertThat(HttpCall.get(port, "/actuator/health").send().status()).isEqualTo(404);
        assertThat(HttpCall.get(port, "/actuator/prometheus").send().status()).isEqualTo(404);
    }
}
