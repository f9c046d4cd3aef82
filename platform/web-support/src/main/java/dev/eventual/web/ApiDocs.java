package dev.eventual.web;

/**
 * Names in every service's OpenAPI document ({@link ApiDocsAutoConfiguration}) that a service's own
 * declarations may refer to, such as a problem schema that extends {@value #PROBLEM_SCHEMA}.
 */
public final class ApiDocs {

    /** RFC 9457 problem details: every 4xx and 5xx response's body, as {@code application/problem+json}. */
    public static final String PROBLEM_SCHEMA = "Problem";

    public static final String PROBLEM_REF = "#/components/schemas/" + PROBLEM_SCHEMA;

    /**
     * The OAuth2 client-credentials scheme of a service's access token, with the scopes its acts need:
     * {@code /internal/**} and the public acts services make (docs/security.md).
     */
    public static final String SERVICE_CLIENT_SCHEME = "serviceClient";

    /** The HTTP bearer scheme of a person's access token (a JWT): the acts people make (docs/security.md). */
    public static final String BEARER_SCHEME = "bearer";

    private ApiDocs() {
    }
}
