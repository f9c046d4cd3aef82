package dev.eventual.order.placement;

import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.EventContracts;
import dev.eventual.order.config.OrderMetrics;
import dev.eventual.order.id.OrderIds;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.store.MessageLogMapper;
import dev.eventual.order.core.store.OrderMapper;
import dev.eventual.order.core.outbox.RecordingBroker;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.ZoneOffset;

import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/**
 * The order-created payload placing an order writes, to the broker and to message_log, is the current
 * schema version's contract fixture (test-fixtures, event-contracts/README.md). Compared as JSON trees:
 * the same members with the same JSON types and values, whatever the key order, which the contract
 * does not fix. Only the tables and the id lease are stand-ins; the event, its encoding and the
 * message_log row are built by the production code.
 */
class OrderCreatedContractTest {

    private final OrderMapper orders = mock(OrderMapper.class);
    private final MessageLogMapper messageLog = mock(MessageLogMapper.class);
    private final OrderIds ids = mock(OrderIds.class);
    private final Clock clock = Clock.fixed(EventContracts.CREATED_AT, ZoneOffset.UTC);
    private final RecordingBroker broker = new RecordingBroker(messageLog, clock);
    private final OrderPlacement placement = new OrderPlacement(new OrderShards(1), orders, broker.outbox(), ids,
            new OrderMetrics(new SimpleMeterRegistry()), clock);

    @Test
    void placingAnOrderWritesTheCurrentVersionsPayload() {
        when(ids.next(anyLong())).thenReturn(EventContracts.ORDER_ID);

        placement.place(new PlaceOrderCommand(EventContracts.USER_ID, EventContracts.SKU_ID, EventContracts.QUANTITY,
                "contract-test"));

        EventContracts.Fixture fixture = EventContracts.fixture(OrderEvents.SCHEMA_VERSION, OrderEventType.ORDER_CREATED);
        broker.assertPublishedOnly(fixture, messageLog);
    }
}
