package dev.eventual.reconcile.workorder;

import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.info.Info;
import org.springframework.context.annotation.Configuration;

/**
 * reconcile-job's OpenAPI document: what the service is. web-support adds the title, the version,
 * the shared problems and the token scheme; each operation's own outcomes are beside it.
 */
@Configuration(proxyBeanMethods = false)
@OpenAPIDefinition(info = @Info(description = "Reconciles order_db's local message table with inventory-service and"
        + " notice-service and opens a work order for what it cannot settle. Its HTTP API is the work orders:"
        + " reading and resolving them take an operator's or the admin's access token. Ids are 64-bit and travel"
        + " as JSON strings; every error is an RFC 9457 problem."))
class WorkOrderApiDocs {
}
