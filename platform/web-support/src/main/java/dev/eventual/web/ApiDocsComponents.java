package dev.eventual.web;

import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.common.messaging.InternalAuth;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.security.OAuthFlow;
import io.swagger.v3.oas.models.security.OAuthFlows;
import io.swagger.v3.oas.models.security.Scopes;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.support.PropertiesLoaderUtils;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;

/**
 * The parts of a service's OpenAPI document that belong to no one operation: its title ("Eventual
 * " and {@code spring.application.name}) and the project version, the problem schemas and the two
 * security schemes: a person's bearer token and a service's client-credentials token.
 */
final class ApiDocsComponents implements OpenApiCustomizer {

    private static final String INVALID_PARAM = "InvalidParam";

    private final String title;
    private final String version;
    private final String tokenUrl;

    ApiDocsComponents(String applicationName, String version, String tokenUrl) {
        this.title = "Eventual " + applicationName;
        this.version = version;
        this.tokenUrl = tokenUrl;
    }

    /** Filtered into web-support's jar by the build; every module shares the one project version. */
    static String projectVersion() {
        try {
            return PropertiesLoaderUtils.loadProperties(new ClassPathResource("api-docs.properties", ApiDocs.class))
                    .getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void customise(OpenAPI openApi) {
        Info info = openApi.getInfo() == null ? new Info() : openApi.getInfo();
        openApi.info(info.title(title).version(version));
        if (openApi.getComponents() == null) {
            openApi.components(new Components());
        }
        openApi.getComponents()
                .addSchemas(ApiDocs.PROBLEM_SCHEMA, problem())
                .addSchemas(INVALID_PARAM, invalidParam())
                .addSecuritySchemes(ApiDocs.BEARER_SCHEME, new SecurityScheme()
                        .type(SecurityScheme.Type.HTTP).scheme("bearer").bearerFormat("JWT")
                        .description("a person's OAuth 2.1 access token from the authorization server (docs/security.md)"))
                .addSecuritySchemes(ApiDocs.SERVICE_CLIENT_SCHEME, new SecurityScheme()
                        .type(SecurityScheme.Type.OAUTH2).flows(new OAuthFlows().clientCredentials(new OAuthFlow()
                                .tokenUrl(tokenUrl).scopes(scopes())))
                        .description("a service's access token from its own OAuth2 client (client credentials); each act"
                                + " needs the scope it names; a missing or refused token is 401 " + ProblemTypes.UNAUTHORIZED
                                + ", a token without the scope 403 " + ProblemTypes.FORBIDDEN + ", before the body is read"));
    }

    private static Scopes scopes() {
        Scopes scopes = new Scopes();
        scopes.addString(InternalAuth.SCOPE_PAY, "confirm a payment (the payment provider)");
        scopes.addString(InternalAuth.SCOPE_CANCEL, "cancel any order (reconcile-job)");
        scopes.addString(InternalAuth.SCOPE_REPORT_INVENTORY, "report the inventory consumer group's outcomes");
        scopes.addString(InternalAuth.SCOPE_REPORT_NOTICE, "report the notice consumer group's outcomes");
        scopes.addString(InternalAuth.SCOPE_INVENTORY_REDRIVE, "read, re-drive and release inventory events (reconcile-job)");
        scopes.addString(InternalAuth.SCOPE_STOCK_GATE, "seed and rebuild the stock gate (reconcile-job)");
        scopes.addString(InternalAuth.SCOPE_NOTICE_REDRIVE, "read and re-drive notices (reconcile-job)");
        return scopes;
    }

    /** What ProblemDetailsAdvice, ApiProblemException and the filters write. */
    private static Schema<?> problem() {
        return typed("object")
                .description("RFC 9457 problem details. Each response names the types it may carry; a protocol"
                        + " refusal without a type of its own is urn:eventual:problem:http-<status>")
                .addProperty("type", typed("string").format("uri")
                        .description("a stable urn:eventual:problem:* type, e.g. " + ProblemTypes.VALIDATION))
                .addProperty("title", typed("string").description("short, the same for every problem of the type"))
                .addProperty("status", typed("integer").format("int32").description("the HTTP status"))
                .addProperty("detail", typed("string").description("what went wrong with this request"))
                .addProperty("instance", typed("string").format("uri")
                        .description("the request's path, where the servlet container refused it"))
                .addProperty(ProblemTypes.INVALID_PARAMS, typed("array").items(new Schema<>().$ref(
                                "#/components/schemas/" + INVALID_PARAM))
                        .description("validation problems (" + ProblemTypes.VALIDATION + "): every offending input"))
                .required(List.of("type", "title", "status"));
    }

    private static Schema<?> invalidParam() {
        return typed("object")
                .description("one offending input of a validation problem")
                .addProperty("name", typed("string").description("the field, parameter or header, e.g. items[2].quantity"))
                .addProperty("reason", typed("string").description("what is wrong with it"))
                .required(List.of("name", "reason"));
    }

    /** Both the OpenAPI 3.0 and the 3.1 form of the type, so the schema reads the same in either version. */
    static Schema<?> typed(String type) {
        return new Schema<>().type(type).types(Set.of(type));
    }
}
