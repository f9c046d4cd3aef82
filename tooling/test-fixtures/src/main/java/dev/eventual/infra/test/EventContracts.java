package dev.eventual.infra.test;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The order events' wire format, pinned by example: for every schema version a payload may have been
 * written in, one file per event type holding the bytes the producer wrote, as they sit on the broker
 * and in {@code message_log} (resources {@value #ROOT}/v&lt;version&gt;/, see the README there). Every file
 * describes the same order, whose values are the constants below, so a reader of any version must
 * come out with exactly those values.
 */
public final class EventContracts {

    public static final String ROOT = "event-contracts";
    /** {@code @MethodSource} names of {@link #createdPayloads()} and {@link #canceledPayloads()}. */
    public static final String CREATED = "dev.eventual.infra.test.EventContracts#createdPayloads";
    public static final String CANCELED = "dev.eventual.infra.test.EventContracts#canceledPayloads";

    /** A snowflake id of {@link #CREATED_AT} (worker 3, sequence 17): beyond 2^53, like every real one. */
    public static final long ORDER_ID = 117_197_608_606_248_977L;
    /** 2^53 + 1, the first integer a double cannot hold: a reader that goes through one loses it. */
    public static final long USER_ID = 9_007_199_254_740_993L;
    public static final long SKU_ID = 9_007_199_254_741_047L;
    public static final int QUANTITY = 3;
    /** Nanoseconds, as the system clock gives them on Linux: the producer writes all nine digits. */
    public static final Instant CREATED_AT = Instant.parse("2026-11-20T09:41:27.318452907Z");
    public static final Instant CANCELED_AT = Instant.parse("2026-11-20T09:52:03.904117260Z");
    /**
     * The order's creation time as order_db keeps it (milliseconds), which a cancel carries from schema version 2
     * on; a version 1 cancel does not carry it.
     */
    public static final Instant ORDER_CREATED_AT = Instant.parse("2026-11-20T09:41:27.318Z");
    /** Free text from the client; not ASCII, so a reader that does not decode UTF-8 changes it. */
    public static final String REASON = "wrong size ordered — Größe 42, not 44";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private EventContracts() {
    }

    /**
     * The versions whose payloads may still be read: every one up to the current, since message_log keeps
     * a payload for re-drives for 30 days whatever version wrote it.
     */
    public static List<Integer> keptVersions() {
        return IntStream.rangeClosed(1, OrderEvents.SCHEMA_VERSION).boxed().toList();
    }

    /** @throws IllegalStateException when the version has no file for that event type */
    public static Fixture fixture(int version, OrderEventType type) {
        String resource = resource(version, type);
        try (InputStream in = EventContracts.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no event contract fixture " + resource
                        + " (see " + ROOT + "/README.md: a new schema version adds a folder)");
            }
            return new Fixture(version, type, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(resource, e);
        }
    }

    /**
     * The order-created file of every kept version, for {@code @MethodSource(EventContracts.CREATED)}:
     * each reader's contract test runs once per version.
     */
    public static List<Fixture> createdPayloads() {
        return keptVersions().stream().map(version -> fixture(version, OrderEventType.ORDER_CREATED)).toList();
    }

    /** The order-canceled file of every kept version, for {@code @MethodSource(EventContracts.CANCELED)}. */
    public static List<Fixture> canceledPayloads() {
        return keptVersions().stream().map(version -> fixture(version, OrderEventType.ORDER_CANCELED)).toList();
    }

    /** Whether a file exists, without failing: for the guard that no version lacks one. */
    public static boolean exists(int version, OrderEventType type) {
        return EventContracts.class.getClassLoader().getResource(resource(version, type)) != null;
    }

    /** What a reader of today's event record must make of the version's order-created file. */
    public static OrderCreatedEvent created(int version) {
        return new OrderCreatedEvent(version, ORDER_ID, USER_ID, SKU_ID, QUANTITY, CREATED_AT);
    }

    /** What a reader of today's event record must make of the version's order-canceled file. */
    public static OrderCanceledEvent canceled(int version) {
        return new OrderCanceledEvent(version, ORDER_ID, USER_ID, SKU_ID, QUANTITY, REASON, CANCELED_AT,
                version >= 2 ? ORDER_CREATED_AT : null);
    }

    /**
     * A JSON document as a tree: objects compare by their members whatever the key order, and a value's
     * JSON type counts ({@code "3"} is not {@code 3}), which is what a payload's readers depend on.
     */
    public static JsonNode tree(String json) {
        return JSON.readTree(json);
    }

    private static String resource(int version, OrderEventType type) {
        return ROOT + "/v" + version + "/" + type.name().toLowerCase().replace('_', '-') + ".json";
    }

    /** One kept payload: {@code json} is the file's content, byte for byte what the producer wrote. */
    public record Fixture(int version, OrderEventType type, String json) {

        public byte[] bytes() {
            return json.getBytes(StandardCharsets.UTF_8);
        }

        public JsonNode tree() {
            return EventContracts.tree(json);
        }

        @Override
        public String toString() {
            return "v" + version + " " + type;
        }
    }
}
