package dev.eventual.order.cancel;

import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.EventContracts;
import dev.eventual.order.config.OrderMetrics;
import dev.eventual.order.config.OrderProperties;
import dev.eventual.order.store.MessageLogMapper;
import dev.eventual.order.store.MessageLogRow;
import dev.eventual.order.store.OrderMapper;
import dev.eventual.order.store.OrderRow;
import dev.eventual.order.tx.MessageLogRows;
import dev.eventual.order.tx.OrderEventPublisher;
import dev.eventual.order.tx.RecordingBroker;
import dev.eventual.tracing.OrderTraces;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
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
    private static final OrderTraces UNTRACED = new OrderTraces(Tracer.NOOP, Propagator.NOOP);
    private final RecordingBroker broker = new RecordingBroker();
    private final Clock clock = Clock.fixed(EventContracts.CANCELED_AT, ZoneOffset.UTC);
    private final OrderCancellation cancellation = new OrderCancellation(orders, messageLog,
            new MessageLogRows(new OrderProperties(Duration.ofSeconds(60)), UNTRACED, clock),
            new OrderEventPublisher(broker, UNTRACED),
            new OrderMetrics(new SimpleMeterRegistry()), clock);

    @Test
    void cancelingAnOrderWritesTheCurrentVersionsPayload() {
        OrderRow order = OrderRow.created(EventContracts.ORDER_ID, EventContracts.USER_ID, "contract-test",
                EventContracts.SKU_ID, EventContracts.QUANTITY);
        when(orders.selectById(EventContracts.ORDER_ID)).thenReturn(order);
        when(orders.cancel(EventContracts.ORDER_ID, 0)).thenReturn(1);

        cancellation.cancel(EventContracts.ORDER_ID, EventContracts.REASON);

        EventContracts.Fixture fixture = EventContracts.fixture(OrderEvents.SCHEMA_VERSION, OrderEventType.ORDER_CANCELED);
        broker.assertPublishedOnly(fixture, messageLog);
    }
}
