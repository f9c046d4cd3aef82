package dev.eventual.web;

import dev.eventual.common.api.problem.ProblemTypes;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * Completes every operation with what web-support does to its requests: the credential an act takes and
 * its 401 and 403, and the problems of bad input, of a body it refuses, of the database and of an
 * unexpected error. A service declares its own outcomes with {@code @ApiResponse}; a description it gives
 * for one of these codes is kept. Every 4xx and 5xx response then gets the {@value ApiDocs#PROBLEM_SCHEMA}
 * body as {@code application/problem+json}, unless the service named a more specific problem schema under
 * that media type.
 * <p>
 * Per path and method, as the filter chain decides (CallerSecurityAutoConfiguration): an {@link Allowed}
 * act takes a person's bearer token when people may make it and a service's client token with its scopes
 * when services may, listed as alternative requirements.
 */
final class ApiDocsOperations implements OpenApiCustomizer {

    private static final String PROBLEM_JSON = org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON_VALUE;
    private static final String JSON = org.springframework.http.MediaType.APPLICATION_JSON_VALUE;

    private final List<AllowedActs.Route> acts;

    ApiDocsOperations(RequestMappingHandlerMapping handlers) {
        this.acts = AllowedActs.routes(handlers);
    }

    @Override
    public void customise(OpenAPI openApi) {
        if (openApi.getPaths() == null) {
            return;
        }
        openApi.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) ->
                complete(operation, actAt(method.name(), path))));
    }

    /** The act at this path and method; null when it is no act (open). */
    private AllowedActs.Route actAt(String method, String path) {
        return acts.stream().filter(act -> act.pattern().equals(path)
                        && (act.method() == null || act.method().name().equals(method)))
                .findFirst().orElse(null);
    }

    private static void complete(Operation operation, AllowedActs.Route act) {
        ApiResponses responses = operation.getResponses() == null ? new ApiResponses() : operation.getResponses();
        boolean hasBody = operation.getRequestBody() != null;
        if (hasBody || (operation.getParameters() != null && !operation.getParameters().isEmpty())) {
            addIfAbsent(responses, "400", "Bad input: " + ProblemTypes.VALIDATION + " names every offending input in "
                    + ProblemTypes.INVALID_PARAMS + "; " + ProblemTypes.MALFORMED_REQUEST + " for a body that is not JSON");
        }
        if (act != null) {
            // several requirements are alternatives: a person's bearer token or a service's client token
            List<String> who = new ArrayList<>(act.roles().stream().map(role -> role.name().toLowerCase(Locale.ROOT)).sorted().toList());
            if (!act.roles().isEmpty()) {
                operation.addSecurityItem(new SecurityRequirement().addList(ApiDocs.BEARER_SCHEME));
            }
            if (!act.scopes().isEmpty()) {
                List<String> scopes = act.scopes().stream().sorted().toList();
                operation.addSecurityItem(new SecurityRequirement().addList(ApiDocs.SERVICE_CLIENT_SCHEME, scopes));
                who.add("a client with scope " + String.join(" or ", scopes));
            }
            addIfAbsent(responses, "401", ProblemTypes.UNAUTHORIZED + ": no valid bearer access token");
            addIfAbsent(responses, "403", ProblemTypes.FORBIDDEN + ": the caller may not make this act (it is for "
                    + String.join(", ", who) + ")");
        }
        if (hasBody) {
            addIfAbsent(responses, "413", ProblemTypes.MALFORMED_REQUEST + ": the body is over the size limit");
            addIfAbsent(responses, "415", ProblemTypes.UNSUPPORTED_MEDIA_TYPE
                    + ": the body is not application/json, or is content-coded");
        }
        addIfAbsent(responses, "500", ProblemTypes.INTERNAL + ": an unexpected error");
        addIfAbsent(responses, "503", ProblemTypes.DATABASE_UNAVAILABLE + ": the database is unavailable; retry later");

        // in status order, as the API tables in docs/ list them
        ApiResponses ordered = new ApiResponses();
        new TreeMap<>(responses).forEach((code, response) -> ordered.addApiResponse(code, bodyOf(code, response)));
        ordered.setExtensions(responses.getExtensions());
        operation.responses(ordered);
    }

    private static void addIfAbsent(ApiResponses responses, String code, String description) {
        if (!responses.containsKey(code)) {
            responses.addApiResponse(code, new ApiResponse().description(description));
        }
    }

    /**
     * Errors are problems, whatever springdoc inferred from the method's return type; answers are JSON
     * (springdoc says {@code *}{@code /*} where a mapping declares no {@code produces}).
     */
    private static ApiResponse bodyOf(String code, ApiResponse response) {
        Content content = response.getContent();
        if (code.startsWith("4") || code.startsWith("5")) {
            MediaType declared = content == null ? null : content.get(PROBLEM_JSON);
            return response.content(new Content().addMediaType(PROBLEM_JSON,
                    declared != null ? declared : new MediaType().schema(new Schema<>().$ref(ApiDocs.PROBLEM_REF))));
        }
        if (content != null && content.containsKey("*/*") && !content.containsKey(JSON)) {
            content.addMediaType(JSON, content.remove("*/*"));
        }
        return response;
    }
}
