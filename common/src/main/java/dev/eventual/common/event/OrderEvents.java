package dev.eventual.common.event;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import com.alibaba.fastjson2.JSONWriter;

import java.nio.charset.StandardCharsets;

/**
 * The wire format of order events (fastjson2, UTF-8, 64-bit ids as strings). Part of the contract:
 * producer and consumers must agree byte for byte, so it lives here and nowhere else.
 */
public final class OrderEvents {

    public static final int SCHEMA_VERSION = 2;

    private OrderEvents() {
    }

    public static byte[] toBytes(Object event) {
        return toJson(event).getBytes(StandardCharsets.UTF_8);
    }

    public static String toJson(Object event) {
        return JSON.toJSONString(event, JSONWriter.Feature.WriteLongAsString);
    }

    /** @throws MalformedEventException when the body is not a readable event of that type */
    public static <T> T fromBytes(byte[] body, Class<T> type) {
        return fromJson(new String(body, StandardCharsets.UTF_8), type);
    }

    public static <T> T fromJson(String json, Class<T> type) {
        try {
            T event = JSON.parseObject(json, type);
            if (event == null) {
                throw new MalformedEventException("empty " + type.getSimpleName() + " body");
            }
            return event;
        } catch (JSONException e) {
            throw new MalformedEventException("unreadable " + type.getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    /** A poison message: retrying it cannot help. */
    public static final class MalformedEventException extends RuntimeException {
        public MalformedEventException(String message) {
            super(message);
        }

        public MalformedEventException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
