package dev.eventual.bench.load;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code POST /api/orders} over HTTP/1.1 keep-alive; every call a new Idempotency-Key, so every call a new order. */
public final class OrderClient {

    /** The status of a call that got no HTTP answer (connection refused, timeout). */
    public static final int NO_ANSWER = 0;
    private static final Pattern ORDER_ID = Pattern.compile("\"orderId\"\\s*:\\s*\"?(\\d+)");
    private static final AtomicLong KEYS = new AtomicLong();

    private final HttpClient http;
    private final URI orders;
    private final LongFunction<String> tokens;
    private final String run = Long.toString(System.currentTimeMillis(), 36);

    /** @param tokens the access token of a customer, kept by the caller: a sign-in is not part of an order's cost */
    public OrderClient(int port, LongFunction<String> tokens) {
        this.tokens = tokens;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        this.orders = URI.create("http://127.0.0.1:" + port + "/api/orders");
    }

    /** @return the order id, or -1 when the order was not placed (the status is counted as an error) */
    public long place(long userId, long skuId) {
        Answer answer = send(userId, skuId);
        if (answer.status() != 201 && answer.status() != 200) {
            return -1;
        }
        Matcher id = ORDER_ID.matcher(answer.body());
        return id.find() ? Long.parseLong(id.group(1)) : -1;
    }

    /** One order of one unit, whatever the answer: its status (0 when no answer came) and body. */
    public Answer send(long userId, long skuId) {
        String body = "{\"userId\":\"" + userId + "\",\"skuId\":\"" + skuId + "\",\"quantity\":1}";
        HttpRequest request = HttpRequest.newBuilder(orders).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", "b" + run + "-" + KEYS.incrementAndGet())
                .header("Authorization", "Bearer " + tokens.apply(userId))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body());
        } catch (IOException e) {
            return new Answer(NO_ANSWER, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(NO_ANSWER, e.toString());
        }
    }

    /** An HTTP status and body; {@link #NO_ANSWER} as the status when the call failed before one came. */
    public record Answer(int status, String body) {
    }
}
