package dev.eventual.infra.test;

import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guard on the fixtures themselves: a schema version bump cannot land without the new version's
 * payloads, and no kept file can claim another version than its folder's. The producer and the readers
 * are tested against the files in the services' own tests (docs/testing.md, "Event contracts").
 */
class EventContractsTest {

    @Test
    void theVersionTheProducerWritesHasAPayloadOfEachEvent() {
        for (OrderEventType type : OrderEventType.values()) {
            assertThat(EventContracts.exists(OrderEvents.SCHEMA_VERSION, type))
                    .as("OrderEvents.SCHEMA_VERSION is %d: %s/v%d/ needs the %s payload it writes (see %s/README.md)",
                            OrderEvents.SCHEMA_VERSION, EventContracts.ROOT, OrderEvents.SCHEMA_VERSION, type,
                            EventContracts.ROOT)
                    .isTrue();
        }
    }

    @Test
    void everyKeptVersionHasAPayloadOfEachEventThatSaysItsVersion() {
        for (int version : EventContracts.keptVersions()) {
            for (OrderEventType type : OrderEventType.values()) {
                EventContracts.Fixture fixture = EventContracts.fixture(version, type);

                assertThat(fixture.tree().get("schemaVersion").intValue()).as("schemaVersion of %s", fixture)
                        .isEqualTo(version);
            }
        }
    }

    /** A folder ahead of the producer would never be read: the readers' tests stop at the current version. */
    @Test
    void noPayloadIsKeptForAVersionNothingWrites() {
        for (OrderEventType type : OrderEventType.values()) {
            assertThat(EventContracts.exists(OrderEvents.SCHEMA_VERSION + 1, type))
                    .as("%s/v%d/ exists but OrderEvents.SCHEMA_VERSION is still %d", EventContracts.ROOT,
                            OrderEvents.SCHEMA_VERSION + 1, OrderEvents.SCHEMA_VERSION)
                    .isFalse();
        }
    }
}
