package dev.eventual.notice.redrive;

import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.info.Info;
import org.springframework.context.annotation.Configuration;

/**
 * notice-service's OpenAPI document: what the service is. web-support adds the title, the version,
 * the shared problems and the token scheme; each operation's own outcomes are beside it.
 */
@Configuration(proxyBeanMethods = false)
@OpenAPIDefinition(info = @Info(description = "Sends one notice per order and event type, deduplicated by notice_log."
        + " Its only HTTP API is /internal/** (reconcile-job's client token, scope notices.redrive): the reconcile job"
        + " asks for notice statuses,"
        + " re-drives notices and has notice_log cleaned past its retention. Ids are 64-bit and travel as JSON strings;"
        + " every error is an RFC 9457 problem."))
class NoticeApiDocs {
}
