package dev.eventual.bench.load;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code POST /api/orders} over HTTP/1.1 keep-alive; every call a new Idempotency-Key, so every call a new order. */
public final class OrderClient {

    private static final Pattern ORDER_ID = Pattern.compile("\"orderId\"\\s*:\\s*\"?(\\d+)");
    private static final AtomicLong KEYS = new AtomicLong();

    private final HttpClient http;
    private final URI orders;
    private final String run = Long.toString(System.currentTimeMillis(), 36);

    public OrderClient(int port) {
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        this.orders = URI.create("http://127.0.0.1:" + port + "/api/orders");
    }

    /** @return the order id, or -1 when the order was not placed (the status is counted as an error) */
    public long place(long userId, long skuId) {
        String body = "{\"userId\":\"" + userId + "\",\"skuId\":\"" + skuId + "\",\"quantity\":1}";
        HttpRequest request = HttpRequest.newBuilder(orders).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", "b" + run + "-" + KEYS.incrementAndGet())
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 201 && response.statusCode() != 200) {
                return -1;
            }
            Matcher id = ORDER_ID.matcher(response.body());
            return id.find() ? Long.parseLong(id.group(1)) : -1;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
