package dev.eventual.scenarios;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/** Places orders over HTTP the way a client would, and remembers how each attempt ended. */
final class OrderClient {

    /** No HTTP status: the connection failed or timed out. */
    static final int NO_ANSWER = -1;

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration RETRY_PAUSE = Duration.ofMillis(250);

    private final int port;
    private final SuiteTokens tokens;

    OrderClient(int port, SuiteTokens tokens) {
        this.port = port;
        this.tokens = tokens;
    }

    Attempt place(long userId, long skuId, int quantity, String idempotencyKey, Duration timeout) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/orders"))
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", idempotencyKey)
                .header("Authorization", "Bearer " + tokens.customer(userId))
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

    /** Places like a careful client: a 503 is retried with the same key after a short pause, up to {@code tries} times. */
    Attempt placeRetrying503(long userId, long skuId, int quantity, String idempotencyKey, int tries) {
        Attempt attempt = place(userId, skuId, quantity, idempotencyKey, Duration.ofSeconds(30));
        for (int tried = 1; attempt.status() == 503 && tried < tries; tried++) {
            LockSupport.parkNanos(RETRY_PAUSE.toNanos());
            attempt = place(userId, skuId, quantity, idempotencyKey, Duration.ofSeconds(30));
        }
        return attempt;
    }

    /** Cancels an order; {@code problemType} when the service answered with a problem. */
    CancelAttempt cancel(long orderId, Duration timeout) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/orders/" + orderId + "/cancel"))
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + tokens.admin())
                .POST(HttpRequest.BodyPublishers.ofString("{\"reason\":\"scenario\"}"))
                .build();
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            boolean problem = response.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json");
            return new CancelAttempt(orderId, response.statusCode(),
                    problem ? JSON.readTree(response.body()).path("type").asText() : null);
        } catch (IOException e) {
            return new CancelAttempt(orderId, NO_ANSWER, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * Cancels the way a careful client does: a 503 (the broker was busy or unreachable, nothing was
     * written, or the outcome is unknown) is retried after a short pause, up to {@code tries} times.
     *
     * @return the last answer, and how many 503s came before it
     */
    RetriedCancel cancelRetrying503(long orderId, int tries) {
        int refused = 0;
        CancelAttempt cancel = cancel(orderId, Duration.ofSeconds(30));
        while (cancel.status() == 503 && refused + 1 < tries) {
            refused++;
            LockSupport.parkNanos(RETRY_PAUSE.toNanos());
            cancel = cancel(orderId, Duration.ofSeconds(30));
        }
        return new RetriedCancel(cancel, refused);
    }

    JsonNode get(long orderId) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/api/orders/" + orderId)).header("Authorization", "Bearer " + tokens.operator())
                .build(), HttpResponse.BodyHandlers.ofString());
        return JSON.readTree(response.body());
    }

    /**
     * One placement as the client saw it: {@code orderId} when the service answered with an order,
     * {@code problemType} when it answered with a problem.
     */
    record Attempt(long userId, String idempotencyKey, long skuId, int quantity, int status, String contentType,
                   String problemType, Long orderId) {
    }

    /** One cancel as the client saw it. */
    record CancelAttempt(long orderId, int status, String problemType) {
    }

    /** The answer a retrying client ended with, after {@code refused} 503s. */
    record RetriedCancel(CancelAttempt last, int refused) {
    }
}
