package dev.eventual.common.event;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OrderEventsTest {

    private static final long BIG_ID = 7_391_234_567_890_123_456L; // beyond JavaScript's 2^53

    @Test
    void createdEventRoundTripsAndCarriesIdsAsStrings() {
        OrderCreatedEvent event = new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, BIG_ID, 42L, 1001L, 3,
                Instant.parse("2026-11-22T03:04:05.678Z"));

        String json = OrderEvents.toJson(event);

        assertThat(json).contains("\"orderId\":\"" + BIG_ID + "\"").contains("\"schemaVersion\":" + OrderEvents.SCHEMA_VERSION);
        assertThat(OrderEvents.fromBytes(json.getBytes(StandardCharsets.UTF_8), OrderCreatedEvent.class)).isEqualTo(event);
    }

    @Test
    void canceledEventRoundTrips() {
        OrderCanceledEvent event = new OrderCanceledEvent(OrderEvents.SCHEMA_VERSION, BIG_ID, 42L, 1001L, 3,
                "customer asked", Instant.parse("2026-11-22T03:04:05Z"), Instant.parse("2026-11-21T03:04:05Z"));

        assertThat(OrderEvents.fromBytes(OrderEvents.toBytes(event), OrderCanceledEvent.class)).isEqualTo(event);
    }

    @Test
    void readsNumericIdsWrittenByOtherProducers() {
        OrderCreatedEvent event = OrderEvents.fromJson(
                "{\"schemaVersion\":1,\"orderId\":123,\"userId\":\"7\",\"skuId\":9,\"quantity\":2}", OrderCreatedEvent.class);

        assertThat(event.orderId()).isEqualTo(123L);
        assertThat(event.userId()).isEqualTo(7L);
    }

    /** Broker events follow the tolerant-reader rule: a newer producer may add fields. */
    @Test
    void anOlderReaderTakesANewerEventAndIgnoresWhatItDoesNotKnow() {
        OrderCreatedEvent event = OrderEvents.fromJson("{\"schemaVersion\":2,\"orderId\":\"123\",\"userId\":\"7\","
                + "\"skuId\":\"9\",\"quantity\":2,\"channel\":\"web\",\"lines\":[{\"skuId\":\"9\"}]}", OrderCreatedEvent.class);

        assertThat(event).isEqualTo(new OrderCreatedEvent(2, 123L, 7L, 9L, 2, null));
    }

    @Test
    void malformedBodiesAreReportedAsPoisonMessages() {
        assertThatThrownBy(() -> OrderEvents.fromJson("{not json", OrderCreatedEvent.class))
                .isInstanceOf(OrderEvents.MalformedEventException.class)
                .hasMessageContaining("OrderCreatedEvent");
        assertThatThrownBy(() -> OrderEvents.fromJson("null", OrderCreatedEvent.class))
                .isInstanceOf(OrderEvents.MalformedEventException.class);
    }
}
