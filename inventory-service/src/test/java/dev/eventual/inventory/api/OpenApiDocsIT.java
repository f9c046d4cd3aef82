package dev.eventual.inventory.api;

import dev.eventual.infra.test.ApiDocsCheck;
import dev.eventual.inventory.support.InventoryServiceIT;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The OpenAPI document says what inventory-service really answers, and which calls need the service token. */
@InventoryServiceIT
class OpenApiDocsIT {

    @LocalServerPort
    int port;

    @Test
    void describesTheRunningService() {
        ApiDocsCheck docs = ApiDocsCheck.fetch(port);

        Set<String> guarded = docs.assertDescribes("inventory-service", ApiDocsCheck.overHttp(port));

        assertThat(guarded).contains("PUT /api/inventory/{skuId}", "POST /api/inventory/{skuId}/gate",
                "POST /api/inventory/gate/rebuild", "POST /internal/inventory/retries", "POST /internal/inventory/cleanup",
                "GET /api/inventory/{skuId}");
        assertThat(docs.credentials("GET", "/api/inventory/{skuId}")).containsExactly("bearer");
        assertThat(docs.credentials("PUT", "/api/inventory/{skuId}")).containsExactly("bearer");
        assertThat(docs.credentials("POST", "/api/inventory/gate/rebuild")).containsExactlyInAnyOrder("bearer", "serviceClient");
        assertThat(docs.scopes("POST", "/api/inventory/gate/rebuild")).containsExactly("inventory.gate");
        assertThat(docs.scopes("POST", "/internal/inventory/retries")).containsExactly("inventory.redrive");
        assertThat(docs.responseCodes("POST", "/api/inventory/{skuId}/gate")).contains("200", "404", "409", "503");
        assertThat(docs.scopes("POST", "/internal/inventory/cleanup")).containsExactly("inventory.redrive");
        assertThat(docs.responseCodes("POST", "/internal/inventory/cleanup")).contains("200", "409");
    }
}
