package dev.eventual.inventory.api;

import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.info.Info;
import org.springframework.context.annotation.Configuration;

/**
 * inventory-service's OpenAPI document: what the service is. web-support adds the title, the version,
 * the shared problems and the token scheme; each operation's own outcomes are beside it.
 */
@Configuration(proxyBeanMethods = false)
@OpenAPIDefinition(info = @Info(description = "Stock per SKU, deducted exactly once per order from the order events."
        + " Reading stock takes a person's access token, setting it an admin's; the stock gate's repair acts take"
        + " an admin's token or reconcile-job's client token (scope inventory.gate), and /internal/** (where the"
        + " reconcile job asks for deduction statuses and re-drives events) its client token (scope inventory.redrive)."
        + " Ids are 64-bit"
        + " and travel as JSON strings; every error is an RFC 9457 problem."))
class InventoryApiDocs {
}
