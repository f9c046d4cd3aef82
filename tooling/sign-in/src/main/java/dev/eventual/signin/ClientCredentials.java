package dev.eventual.signin;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * An access token of a confidential client, with the client-credentials grant (RFC 6749 §4.4) and
 * {@code client_secret_basic}: how the payment provider gets the token that pays an order
 * ({@code ./run-local.sh --token=payment-provider}, the tests, the load tools). The services get theirs
 * the same way, through Spring Security.
 */
public final class ClientCredentials {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final URI tokenUri;
    private final Duration timeout;
    private final HttpClient http;

    /** @param tokenUri the authorization server's token endpoint ({@code <issuer>/oauth2/token} for the suite's) */
    public ClientCredentials(URI tokenUri, Duration timeout) {
        this.tokenUri = tokenUri;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /** The suite's authorization server's token endpoint. */
    public static ClientCredentials of(URI issuer, Duration timeout) {
        return new ClientCredentials(issuer.resolve("/oauth2/token"), timeout);
    }

    /**
     * @param scopes what the token is for: Spring Authorization Server grants a client-credentials token only
     *               the scopes asked for (none when none are), each of which the client must have been registered with
     * @throws LoginRefusedException wrong client or secret, or a scope the client may not have (the message says which)
     */
    public CodeFlowLogin.AccessToken token(String clientId, String secret, java.util.Collection<String> scopes) {
        // RFC 6749 §2.3.1: both parts form-encoded before the Basic encoding
        String basic = Base64.getEncoder().encodeToString((encode(clientId) + ":" + encode(secret)).getBytes(StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(tokenUri).timeout(timeout)
                .header("Authorization", "Basic " + basic)
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials&scope=" + encode(String.join(" ", scopes))))
                .build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new LoginRefusedException("cannot reach " + tokenUri + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoginRefusedException("interrupted while getting a token");
        }
        if (response.statusCode() != 200) {
            throw new LoginRefusedException("the token endpoint answered " + response.statusCode() + " for client "
                    + clientId + ": " + response.body());
        }
        JsonNode body = JSON.readTree(response.body());
        return new CodeFlowLogin.AccessToken(body.get("access_token").asString(), Duration.ofSeconds(body.get("expires_in").asLong()));
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
