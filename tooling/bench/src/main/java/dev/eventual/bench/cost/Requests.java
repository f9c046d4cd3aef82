package dev.eventual.bench.cost;

import java.nio.charset.StandardCharsets;
import java.util.function.IntFunction;
import java.util.function.LongFunction;

/**
 * The HTTP/1.1 requests of the cost section, as bytes for {@link FixedRateLoad}. Every order carries its
 * own Idempotency-Key (a run tag and the request's index), so each one is a new order or a new refusal,
 * never the replay of an earlier one.
 */
public final class Requests {

    private static final String RUN = Long.toString(System.currentTimeMillis(), 36);

    private Requests() {
    }

    /**
     * {@code POST /api/orders} of one unit, from one of {@code users} customers starting at {@code firstUser};
     * {@code skuOf} picks the SKU of request i.
     */
    public static IntFunction<byte[]> orders(String variant, long firstUser, int users, IntFunction<Long> skuOf,
                                      LongFunction<String> tokens) {
        String[] authorization = authorizations(firstUser, users, tokens);
        return i -> {
            long user = firstUser + i % users;
            String body = "{\"userId\":\"" + user + "\",\"skuId\":\"" + skuOf.apply(i) + "\",\"quantity\":1}";
            return ("POST /api/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Idempotency-Key: cost-" + RUN + "-" + variant + "-" + i + "\r\n" + authorization[i % users]
                    + "Content-Length: " + body.length() + "\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII);
        };
    }

    /** {@code GET /api/inventory/{sku}}, a plain read through the same Spring stack (security, MVC, MyBatis). */
    static IntFunction<byte[]> stockReads(long firstUser, int users, IntFunction<Long> skuOf, LongFunction<String> tokens) {
        String[] authorization = authorizations(firstUser, users, tokens);
        return i -> ("GET /api/inventory/" + skuOf.apply(i) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + authorization[i % users]
                + "\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** Signed in before the load: a sign-in is no part of a request's cost. */
    private static String[] authorizations(long firstUser, int users, LongFunction<String> tokens) {
        String[] lines = new String[users];
        for (int u = 0; u < users; u++) {
            lines[u] = "Authorization: Bearer " + tokens.apply(firstUser + u) + "\r\n";
        }
        return lines;
    }
}
