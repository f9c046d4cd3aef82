package dev.eventual.infra.test;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** Raw HTTP against the running service, so tests control every byte and header they send. */
public final class HttpCall {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final String baseUrl;
    private final String method;
    private final String path;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private byte[] body;

    private HttpCall(String baseUrl, String method, String path) {
        this.baseUrl = baseUrl;
        this.method = method;
        this.path = path;
    }

    public static HttpCall post(int port, String path) {
        return new HttpCall("http://127.0.0.1:" + port, "POST", path);
    }

    public static HttpCall put(int port, String path) {
        return new HttpCall("http://127.0.0.1:" + port, "PUT", path);
    }

    public static HttpCall get(int port, String path) {
        return new HttpCall("http://127.0.0.1:" + port, "GET", path);
    }

    public static HttpCall request(int port, String method, String path) {
        return new HttpCall("http://127.0.0.1:" + port, method, path);
    }

    public HttpCall header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    /** {@code Authorization: Bearer <token>}, a token from {@link TestTokens}. */
    public HttpCall bearer(String token) {
        return header("Authorization", TestTokens.bearer(token));
    }

    /** A JSON body with {@code Content-Type: application/json} unless another type was set. */
    public HttpCall json(String json) {
        headers.putIfAbsent("Content-Type", "application/json");
        return body(json.getBytes(StandardCharsets.UTF_8));
    }

    public HttpCall body(byte[] bytes) {
        this.body = bytes;
        return this;
    }

    public Response send() {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(30));
        headers.forEach(request::header);
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        try {
            HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    response.headers().map(), response.body());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(method + " " + path + " interrupted", e);
        }
    }

    public record Response(int status, String contentType, Map<String, java.util.List<String>> headers, String body) {

        public JsonNode json() {
            return JSON.readTree(body);
        }

        public String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0)).findFirst().orElse(null);
        }
    }
}
