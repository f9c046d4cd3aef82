package dev.eventual.order.api;

import dev.eventual.infra.test.ApiDocsCheck;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.order.support.OrderServiceIT;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The OpenAPI document says what order-service really answers, and which calls need the service token. */
@OrderServiceIT
class OpenApiDocsIT {

    @LocalServerPort
    int port;

    @Test
    void describesTheRunningService() {
        ApiDocsCheck docs = ApiDocsCheck.fetch(port);

        Set<String> guarded = docs.assertDescribes("order-service", ApiDocsCheck.overHttp(port));

        // every operation needs a credential: a person's for their acts, the service token for the services' own
        assertThat(guarded).contains("POST /api/orders", "GET /api/orders/{orderId}", "GET /api/orders",
                "POST /api/orders/{orderId}/cancel", "POST /api/orders/{orderId}/pay",
                "POST /internal/orders/consumer-reports");
        assertThat(docs.credentials("POST", "/api/orders")).containsExactly("bearer");
        assertThat(docs.credentials("GET", "/api/orders/{orderId}")).containsExactly("bearer");
        assertThat(docs.credentials("POST", "/api/orders/{orderId}/cancel")).containsExactlyInAnyOrder("bearer", "serviceClient");
        assertThat(docs.scopes("POST", "/api/orders/{orderId}/cancel")).containsExactly("orders.cancel");
        assertThat(docs.credentials("POST", "/api/orders/{orderId}/pay")).containsExactly("serviceClient");
        assertThat(docs.scopes("POST", "/api/orders/{orderId}/pay")).containsExactly("orders.pay");
        assertThat(docs.scopes("POST", "/internal/orders/consumer-reports"))
                .containsExactlyInAnyOrder("orders.report.inventory", "orders.report.notice");
    }

    @Test
    void placingAnOrderDeclaresItsCreatedAnswerAndItsProblems() {
        ApiDocsCheck docs = ApiDocsCheck.of(HttpCall.get(port, "/v3/api-docs").send().json());

        assertThat(docs.responseCodes("POST", "/api/orders"))
                .contains("201", "200", "400", "409", "413", "415", "422", "500", "503");
        assertThat(docs.operation("POST", "/api/orders").path("responses").path("201").path("headers").propertyNames())
                .contains("Location", OrderController.REPLAYED);
        assertThat(docs.operation("POST", "/api/orders").path("responses").path("409").path("content")
                .path("application/problem+json").path("schema").path("$ref").stringValue(""))
                .isEqualTo(OrderApiDocs.SOLD_OUT_PROBLEM_REF);
        assertThat(docs.responseCodes("POST", "/internal/orders/consumer-reports"))
                .filteredOn(code -> code.startsWith("2")).containsExactly("200");
    }
}
