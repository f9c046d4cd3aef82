package dev.eventual.scenarios;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Places orders over HTTP the way a client would, and remembers how each attempt ended. */
final class OrderClient {

    /** No HTTP status: the connection failed or timed out. */
    static final int NO_ANSWER = -1;

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final int port;

    OrderClient(int port) {
        this.port = port;
    }

    Attempt place(long userId, long skuId, int quantity, String idempotencyKey, Duration timeout) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/orders"))
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", idempotencyKey)
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"userId\":" + userId + ",\"skuId\":" + skuId + ",\"quantity\":" + quantity + "}"))
                .build();
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            Long orderId = null;
            String problemType = null;
            String contentType = response.headers().firstValue("Content-Type").orElse("");
            if (response.statusCode() / 100 == 2) {
                orderId = Long.parseLong(JSON.readTree(response.body()).get("orderId").asText());
            } else if (contentType.startsWith("application/problem+json")) {
                problemType = JSON.readTree(response.body()).path("type").asText();
            }
            return new Attempt(userId, idempotencyKey, skuId, quantity, response.statusCode(), contentType, problemType,
                    orderId);
        } catch (IOException e) {
            return new Attempt(userId, idempotencyKey, skuId, quantity, NO_ANSWER, "", null, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    JsonNode get(long orderId) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/api/orders/" + orderId)).build(), HttpResponse.BodyHandlers.ofString());
        return JSON.readTree(response.body());
    }

    /**
     * One placement as the client saw it: {@code orderId} when the service answered with an order,
     * {@code problemType} when it answered with a problem.
     */
    record Attempt(long userId, String idempotencyKey, long skuId, int quantity, int status, String contentType,
                   String problemType, Long orderId) {
    }
}
