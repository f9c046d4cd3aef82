package dev.eventual.order.core.orders;

import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.EventContracts;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.outbox.RecordingBroker;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/**
 * The order-created payload placing an order writes, to the broker and to message_log, is the current
 * schema version's contract fixture (test-fixtures, event-contracts/README.md). Compared as JSON trees:
 * the same members with the same JSON types and values, whatever the key order, which the contract
 * does not fix. Only the tables are stand-ins; the event, its encoding and the
 * message_log row are built by the production code.
 */
class OrderCreatedContractTest {

    private final OrderMapper orders = mock(OrderMapper.class);
    private final Clock clock = Clock.fixed(EventContracts.CREATED_AT, ZoneOffset.UTC);
    private final RecordingBroker broker = new RecordingBroker(clock);
    private final Placing placing = new Placing(new OrderShards(1), orders, broker.outbox(), clock);

    @Test
    void placingAnOrderWritesTheCurrentVersionsPayload() {
        assertThat(placing.place(EventContracts.ORDER_ID, new Orders.NewOrder(EventContracts.USER_ID, "contract-test",
                EventContracts.SKU_ID, EventContracts.QUANTITY))).isInstanceOf(Orders.Placement.Placed.class);

        EventContracts.Fixture fixture = EventContracts.fixture(OrderEvents.SCHEMA_VERSION, OrderEventType.ORDER_CREATED);
        broker.assertPublishedOnly(fixture);
    }
}
