package dev.eventual.notice.support;

import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import tools.jackson.databind.JsonNode;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** notice-service's internal API, called as reconcile-job calls it, with its client's token. */
public final class InternalApi {

    public static final String STATUS = "/internal/notices/status";
    public static final String RETRIES_CREATED = "/internal/notices/order-created/retries";
    public static final String RETRIES_CANCELED = "/internal/notices/order-canceled/retries";
    public static final String CLEANUP = "/internal/notices/cleanup";

    private InternalApi() {
    }

    public static HttpCall.Response post(int port, String path, String json) {
        return HttpCall.post(port, path).bearer(TestInfrastructure.shared().authServer().tokens().reconcile()).json(json).send();
    }

    /** A re-drive batch of these events (as JSON), in order. */
    public static String batchOf(String... events) {
        return "{\"events\":[" + String.join(",", events) + "]}";
    }

    /** Re-drives one event as a batch of one: its result ({@code orderId, status, detail}). */
    public static JsonNode redriveOne(int port, String path, String event) {
        HttpCall.Response response = post(port, path, batchOf(event));
        if (response.status() != 200 || response.json().get("results").size() != 1) {
            throw new IllegalStateException(path + " answered " + response.status() + ": " + response.body());
        }
        return response.json().get("results").get(0);
    }

    /** Asks for a cleanup as reconcile-job does, with its back-off horizon. */
    public static HttpCall.Response cleanup(int port, long upstreamHorizonSeconds) {
        return post(port, CLEANUP, "{\"upstreamHorizonSeconds\":" + upstreamHorizonSeconds + "}");
    }

    /** The status API's answer for these ids, as id → status. */
    public static Map<String, String> statuses(int port, long... orderIds) {
        String ids = Arrays.stream(orderIds).mapToObj(id -> "\"" + id + "\"").collect(Collectors.joining(","));
        HttpCall.Response response = post(port, STATUS, "{\"orderIds\":[" + ids + "]}");
        if (response.status() != 200) {
            throw new IllegalStateException("status API answered " + response.status() + ": " + response.body());
        }
        Map<String, String> statuses = new LinkedHashMap<>();
        response.json().get("statuses").properties().forEach(e -> statuses.put(e.getKey(), e.getValue().asString()));
        return statuses;
    }
}
