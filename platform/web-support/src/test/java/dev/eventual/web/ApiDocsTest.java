package dev.eventual.web;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;


import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI documents' shared parts, on the handlers of {@link CallerSecurityTest}: each credential
 * is declared where the chain takes it, per path and method, and every error is a problem.
 */
@WebMvcTest(properties = {"spring.application.name=thing-service",
        "spring.security.oauth2.resourceserver.jwt.issuer-uri=https://issuer.test"})
class ApiDocsTest {

    @Autowired
    ApiDocsComponents components;

    @Autowired
    ApiDocsOperations operations;

    @Test
    void eachSchemeIsDeclaredWhereTheChainTakesIt() {
        OpenAPI openApi = document();

        Operation internal = openApi.getPaths().get("/internal/echo").getPost();
        assertThat(scopes(internal, ApiDocs.SERVICE_CLIENT_SCHEME)).containsExactly("things.echo");
        assertThat(declared(internal, ApiDocs.BEARER_SCHEME)).isFalse();
        // a handler on a path that is neither public nor internal stays open, as the chain leaves it
        Operation open = openApi.getPaths().get("/internalish").getPost();
        assertThat(open.getSecurity()).isNullOrEmpty();
        // an act for people takes their bearer token, not a client's
        Operation set = openApi.getPaths().get("/api/things/{id}").getPut();
        assertThat(declared(set, ApiDocs.BEARER_SCHEME)).isTrue();
        assertThat(declared(set, ApiDocs.SERVICE_CLIENT_SCHEME)).isFalse();
        // an act for people and services takes either, the client's with the act's scope
        Operation ping = openApi.getPaths().get("/api/things/{id}/ping").getPost();
        assertThat(declared(ping, ApiDocs.BEARER_SCHEME)).isTrue();
        assertThat(scopes(ping, ApiDocs.SERVICE_CLIENT_SCHEME)).containsExactly("things.ping");
        assertThat(ping.getResponses()).containsKeys("401", "403");
        assertThat(ping.getResponses().get("403").getDescription()).contains("admin, a client with scope things.ping");
        SecurityScheme client = openApi.getComponents().getSecuritySchemes().get(ApiDocs.SERVICE_CLIENT_SCHEME);
        assertThat(client.getType()).isEqualTo(SecurityScheme.Type.OAUTH2);
        assertThat(client.getFlows().getClientCredentials().getTokenUrl()).isEqualTo("https://issuer.test/oauth2/token");
        assertThat(client.getFlows().getClientCredentials().getScopes()).containsKeys("orders.pay", "orders.report.inventory");
        assertThat(openApi.getComponents().getSecuritySchemes().get(ApiDocs.BEARER_SCHEME).getBearerFormat())
                .isEqualTo("JWT");
    }

    @Test
    void everyErrorIsAProblemAndAnswersAreJson() {
        OpenAPI openApi = document();
        Operation read = openApi.getPaths().get("/api/things/{id}").getGet();

        assertThat(read.getResponses().keySet()).containsExactly("200", "400", "401", "403", "404", "409", "500", "503");
        assertThat(read.getResponses().get("200").getContent().keySet()).containsExactly("application/json");
        assertThat(read.getResponses().get("404").getContent().keySet()).containsExactly("application/problem+json");
        assertThat(read.getResponses().get("404").getContent().get("application/problem+json").getSchema().get$ref())
                .isEqualTo(ApiDocs.PROBLEM_REF);
        assertThat(read.getResponses().get("404").getDescription()).isEqualTo("no such thing");
        // a problem schema the service named is kept
        assertThat(read.getResponses().get("409").getContent().get("application/problem+json").getSchema().get$ref())
                .isEqualTo("#/components/schemas/ThingProblem");
        assertThat(openApi.getPaths().get("/internal/echo").getPost().getResponses().keySet())
                .containsExactly("200", "400", "401", "403", "413", "415", "500", "503");
        assertThat(openApi.getComponents().getSchemas().get(ApiDocs.PROBLEM_SCHEMA).getProperties())
                .containsKeys("type", "title", "status", "detail", "instance", "invalidParams");
    }

    @Test
    void theTitleIsTheServiceAndTheVersionTheProjects() {
        OpenAPI openApi = document();

        assertThat(openApi.getInfo().getTitle()).isEqualTo("Eventual thing-service");
        assertThat(openApi.getInfo().getVersion()).matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    }

    /** What springdoc makes of CallerSecurityTest's handlers, and what the services' annotations add. */
    private OpenAPI document() {
        Operation read = new Operation()
                .addParametersItem(new Parameter().name("id").in("path"))
                .responses(new ApiResponses()
                        .addApiResponse("404", new ApiResponse().description("no such thing").content(json()))
                        .addApiResponse("409", new ApiResponse().description("taken").content(new Content()
                                .addMediaType("application/problem+json", new MediaType()
                                        .schema(new Schema<>().$ref("#/components/schemas/ThingProblem")))))
                        .addApiResponse("200", new ApiResponse().description("OK").content(anything())));
        OpenAPI openApi = new OpenAPI().paths(new Paths()
                .addPathItem("/internal/echo", new PathItem().post(withBody()))
                .addPathItem("/internalish", new PathItem().post(withBody()))
                .addPathItem("/api/things/{id}", new PathItem().get(read).put(withBody()))
                .addPathItem("/api/things/{id}/ping", new PathItem().post(new Operation()
                        .responses(new ApiResponses().addApiResponse("200", new ApiResponse().description("OK").content(anything()))))));
        components.customise(openApi);
        operations.customise(openApi);
        return openApi;
    }

    private static Operation withBody() {
        return new Operation().requestBody(new RequestBody().content(json()))
                .responses(new ApiResponses().addApiResponse("200", new ApiResponse().description("OK").content(anything())));
    }

    private static Content json() {
        return new Content().addMediaType("application/json", new MediaType().schema(new Schema<>().type("integer")));
    }

    private static Content anything() {
        return new Content().addMediaType("*/*", new MediaType().schema(new Schema<>().type("integer")));
    }

    private static java.util.List<String> scopes(Operation operation, String scheme) {
        return operation.getSecurity() == null ? java.util.List.of() : operation.getSecurity().stream()
                .filter(requirement -> requirement.containsKey(scheme)).flatMap(requirement -> requirement.get(scheme).stream())
                .toList();
    }

    private static boolean declared(Operation operation, String scheme) {
        return operation.getSecurity() != null && operation.getSecurity().stream()
                .anyMatch(requirement -> requirement.containsKey(scheme));
    }

    @SpringBootConfiguration
    @ImportAutoConfiguration({WebSupportAutoConfiguration.class, CallerSecurityAutoConfiguration.class,
            ApiDocsAutoConfiguration.class})
    @Import(CallerSecurityTest.ThingController.class)
    static class TestApplication {

        @org.springframework.context.annotation.Bean
        org.springframework.security.oauth2.jwt.JwtDecoder jwtDecoder() {
            return TestJwts.decoder();
        }
    }
}
