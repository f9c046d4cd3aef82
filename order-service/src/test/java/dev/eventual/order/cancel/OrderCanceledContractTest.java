package dev.eventual.order.cancel;

import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.EventContracts;
import dev.eventual.order.config.OrderMetrics;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.store.MessageLogMapper;
import dev.eventual.order.core.store.OrderMapper;
import dev.eventual.order.core.store.OrderRow;
import dev.eventual.order.core.outbox.RecordingBroker;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.ZoneOffset;

import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/**
 * The order-canceled payload canceling an order writes, to the broker and to message_log, is the
 * current schema version's contract fixture, compared as JSON trees (see OrderCreatedContractTest).
 * Only the tables are stand-ins.
 */
class OrderCanceledContractTest {

    private final OrderMapper orders = mock(OrderMapper.class);
    private final MessageLogMapper messageLog = mock(MessageLogMapper.class);
    private final Clock clock = Clock.fixed(EventContracts.CANCELED_AT, ZoneOffset.UTC);
    private final RecordingBroker broker = new RecordingBroker(messageLog, clock);
    private final OrderCancellation cancellation = new OrderCancellation(new OrderShards(1), orders, broker.outbox(),
            new OrderMetrics(new SimpleMeterRegistry()), clock);

    @Test
    void cancelingAnOrderWritesTheCurrentVersionsPayload() {
        OrderRow order = OrderRow.created(EventContracts.ORDER_ID, EventContracts.USER_ID, "contract-test",
                EventContracts.SKU_ID, EventContracts.QUANTITY, java.time.LocalDateTime.of(2026, 11, 27, 4, 0));
        when(orders.selectById(EventContracts.ORDER_ID)).thenReturn(order);
        when(orders.cancel(EventContracts.ORDER_ID, 0)).thenReturn(1);

        cancellation.cancel(EventContracts.ORDER_ID, EventContracts.REASON);

        EventContracts.Fixture fixture = EventContracts.fixture(OrderEvents.SCHEMA_VERSION, OrderEventType.ORDER_CANCELED);
        broker.assertPublishedOnly(fixture, messageLog);
    }
}
