package dev.eventual.order.core.orders;

import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.EventContracts;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.outbox.RecordingBroker;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/**
 * The order-canceled payload canceling an order writes, to the broker and to message_log, is the
 * current schema version's contract fixture, compared as JSON trees (see OrderCreatedContractTest),
 * the canceled order's creation time included. Only the tables are stand-ins.
 */
class OrderCanceledContractTest {

    private final OrderMapper orders = mock(OrderMapper.class);
    private final Clock clock = Clock.fixed(EventContracts.CANCELED_AT, ZoneOffset.UTC);
    private final RecordingBroker broker = new RecordingBroker(clock);
    private final Canceling canceling = new Canceling(new OrderShards(1), orders, broker.outbox(), clock);

    @Test
    void cancelingAnOrderWritesTheCurrentVersionsPayload() {
        // created when the fixture says (orderCreatedAt, schema v2): order_db keeps milliseconds
        OrderRow order = OrderRow.created(EventContracts.ORDER_ID, EventContracts.USER_ID, "contract-test",
                EventContracts.SKU_ID, EventContracts.QUANTITY,
                LocalDateTime.ofInstant(EventContracts.ORDER_CREATED_AT, ZoneOffset.UTC));
        when(orders.selectById(EventContracts.ORDER_ID)).thenReturn(order);
        when(orders.cancel(EventContracts.ORDER_ID, 0)).thenReturn(1);

        assertThat(canceling.cancel(EventContracts.ORDER_ID, EventContracts.REASON, null, null))
                .isEqualTo(new Orders.Cancellation.Canceled());

        EventContracts.Fixture fixture = EventContracts.fixture(OrderEvents.SCHEMA_VERSION, OrderEventType.ORDER_CANCELED);
        broker.assertPublishedOnly(fixture);
    }
}
