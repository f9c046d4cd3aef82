package dev.eventual.infra.test;

import org.assertj.core.api.SoftAssertions;
import tools.jackson.databind.JsonNode;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Holds a service's OpenAPI document ({@code /v3/api-docs}) to what the running service does, since
 * clients are generated from it: a real title and version, a success and a problem response on every
 * operation, every error as an RFC 9457 {@code Problem}, no parameter for who the caller is (the
 * credential says that), and a credential requirement (a person's bearer token, a service's client token
 * with its scopes) on exactly the operations that answer a request without a token with 401.
 */
public final class ApiDocsCheck {

    /** One request to the running service, without a token; answers its status. */
    @FunctionalInterface
    public interface Caller {
        int status(String method, String path, String jsonBody);
    }

    private static final String PROBLEM_JSON = "application/problem+json";
    private static final String SCHEMAS = "#/components/schemas/";
    private static final String PROBLEM_REF = SCHEMAS + "Problem";
    private static final String SERVICE_CLIENT = "serviceClient";
    private static final String BEARER = "bearer";
    private static final Pattern PATH_VARIABLE = Pattern.compile("\\{[^}]+}");
    /** Not JSON: an open operation refuses it (400) before doing anything, a guarded one never reads it (401). */
    private static final String UNREADABLE_BODY = "{";

    private final JsonNode docs;

    private ApiDocsCheck(JsonNode docs) {
        this.docs = docs;
    }

    /** The document the service on {@code port} serves at {@code /v3/api-docs}, which must answer 200. */
    public static ApiDocsCheck fetch(int port) {
        HttpCall.Response response = HttpCall.get(port, "/v3/api-docs").send();
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return of(response.json());
    }

    public static ApiDocsCheck of(JsonNode docs) {
        return new ApiDocsCheck(docs);
    }

    public static Caller overHttp(int port) {
        return (method, path, body) -> {
            HttpCall call = HttpCall.request(port, method, path);
            return (body == null ? call : call.json(body)).send().status();
        };
    }

    public JsonNode operation(String method, String path) {
        return docs.path("paths").path(path).path(method.toLowerCase(Locale.ROOT));
    }

    /** The codes an operation declares, in order. */
    public Set<String> responseCodes(String method, String path) {
        return new TreeSet<>(operation(method, path).path("responses").propertyNames());
    }

    /**
     * Asserts all of the above, asking the service itself which operations need a token.
     *
     * @return the operations ("POST /internal/...") that answered 401 without a token
     */
    public Set<String> assertDescribes(String applicationName, Caller withoutToken) {
        SoftAssertions soft = new SoftAssertions();
        JsonNode info = docs.path("info");
        soft.assertThat(info.path("title").stringValue("")).as("title").isEqualTo("Eventual " + applicationName);
        soft.assertThat(info.path("version").stringValue("")).as("version").matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
        soft.assertThat(info.path("description").stringValue("")).as("description").isNotBlank();
        soft.assertThat(docs.path("components").path("schemas").path("Problem").path("properties").propertyNames())
                .as("Problem members").contains("type", "title", "status", "detail", "instance", "invalidParams");
        JsonNode scheme = docs.path("components").path("securitySchemes").path(SERVICE_CLIENT);
        soft.assertThat(scheme.path("type").stringValue("")).as("client scheme type").isEqualTo("oauth2");
        soft.assertThat(scheme.path("flows").path("clientCredentials").path("tokenUrl").stringValue(""))
                .as("client scheme token URL").endsWith("/oauth2/token");
        JsonNode bearer = docs.path("components").path("securitySchemes").path(BEARER);
        soft.assertThat(bearer.path("type").stringValue("")).as("bearer scheme type").isEqualTo("http");
        soft.assertThat(bearer.path("scheme").stringValue("")).as("bearer scheme").isEqualTo("bearer");
        soft.assertThat(docs.path("paths").propertyNames()).as("paths").isNotEmpty().doesNotContain("/error");

        Set<String> guarded = new TreeSet<>();
        for (Map.Entry<String, JsonNode> path : docs.path("paths").properties()) {
            for (Map.Entry<String, JsonNode> entry : path.getValue().properties()) {
                String method = entry.getKey().toUpperCase(Locale.ROOT);
                String name = method + " " + path.getKey();
                JsonNode operation = entry.getValue();
                checkResponses(soft, name, operation.path("responses"));
                // who calls is the credential's to say (web-support's Caller), never a parameter a client sends
                soft.assertThat(operation.path("parameters").findValuesAsString("name")).as(name + " parameters")
                        .doesNotContain("caller", "subject", "roles", "customerId", "customerOnly");

                boolean refused = withoutToken.status(method, PATH_VARIABLE.matcher(path.getKey()).replaceAll("1"),
                        operation.has("requestBody") ? UNREADABLE_BODY : null) == 401;
                if (refused) {
                    guarded.add(name);
                }
                soft.assertThat(declaresACredential(operation)).as(name + " declares a credential").isEqualTo(refused);
                soft.assertThat(operation.path("responses").has("401")).as(name + " declares 401").isEqualTo(refused);
            }
        }
        soft.assertAll();
        return guarded;
    }

    /** A success and at least one problem; errors are problems, successes are not. */
    private void checkResponses(SoftAssertions soft, String name, JsonNode responses) {
        Set<String> codes = new TreeSet<>(responses.propertyNames());
        soft.assertThat(codes).as(name + " responses").anyMatch(code -> code.startsWith("2"))
                .anyMatch(code -> code.startsWith("4"));
        for (String code : codes) {
            JsonNode content = responses.path(code).path("content");
            if (code.startsWith("4") || code.startsWith("5")) {
                soft.assertThat(content.propertyNames()).as(name + " " + code + " media types").containsExactly(PROBLEM_JSON);
                soft.assertThat(isProblem(content.path(PROBLEM_JSON).path("schema"))).as(name + " " + code + " is a Problem")
                        .isTrue();
            } else {
                soft.assertThat(content.propertyNames()).as(name + " " + code + " media types")
                        .doesNotContain(PROBLEM_JSON, "*/*");
            }
        }
    }

    /** The Problem schema, or one that extends it (allOf). */
    private boolean isProblem(JsonNode schema) {
        String ref = schema.path("$ref").stringValue("");
        if (ref.equals(PROBLEM_REF)) {
            return true;
        }
        if (!ref.startsWith(SCHEMAS)) {
            return false;
        }
        for (JsonNode part : docs.path("components").path("schemas").path(ref.substring(SCHEMAS.length())).path("allOf")) {
            if (PROBLEM_REF.equals(part.path("$ref").stringValue(""))) {
                return true;
            }
        }
        return false;
    }

    /** The credentials an operation declares ("bearer", "serviceClient"): each is enough on its own. */
    public Set<String> credentials(String method, String path) {
        Set<String> schemes = new TreeSet<>();
        operation(method, path).path("security").forEach(requirement -> schemes.addAll(requirement.propertyNames()));
        return schemes;
    }

    /** The scopes a service's client token needs for an operation; empty when services may not make it. */
    public Set<String> scopes(String method, String path) {
        Set<String> scopes = new TreeSet<>();
        operation(method, path).path("security").forEach(requirement ->
                requirement.path(SERVICE_CLIENT).forEach(scope -> scopes.add(scope.stringValue(""))));
        return scopes;
    }

    /** Requirements are alternatives: a person's bearer token, a service's client token, or either. */
    private static boolean declaresACredential(JsonNode operation) {
        for (JsonNode requirement : operation.path("security")) {
            if (requirement.has(SERVICE_CLIENT) || requirement.has(BEARER)) {
                return true;
            }
        }
        return false;
    }
}
