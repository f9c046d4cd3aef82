package dev.eventual.order.placement;

import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.gate.GateProperties;
import dev.eventual.gate.StockGate;
import dev.eventual.infra.test.EventContracts;
import dev.eventual.order.config.OrderMetrics;
import dev.eventual.order.config.OrderProperties;
import dev.eventual.order.gate.OrderGate;
import dev.eventual.order.id.SnowflakeIds;
import dev.eventual.order.store.MessageLogMapper;
import dev.eventual.order.store.MessageLogRow;
import dev.eventual.order.store.OrderMapper;
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
import java.util.Set;

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
    private final SnowflakeIds ids = mock(SnowflakeIds.class);
    private static final OrderTraces UNTRACED = new OrderTraces(Tracer.NOOP, Propagator.NOOP);
    private final RecordingBroker broker = new RecordingBroker();
    private final Clock clock = Clock.fixed(EventContracts.CREATED_AT, ZoneOffset.UTC);
    private final OrderPlacement placement = new OrderPlacement(orders, messageLog,
            new MessageLogRows(new OrderProperties(Duration.ofSeconds(60)), UNTRACED, clock),
            new OrderEventPublisher(broker, UNTRACED),
            ids, new OrderGate(mock(StockGate.class), new GateProperties(false, Set.of(), GateProperties.WhenUnavailable.REFUSE),
                    new SimpleMeterRegistry()), new OrderMetrics(new SimpleMeterRegistry()), clock);

    @Test
    void placingAnOrderWritesTheCurrentVersionsPayload() {
        when(ids.nextId()).thenReturn(EventContracts.ORDER_ID);

        placement.place(new PlaceOrderCommand(EventContracts.USER_ID, EventContracts.SKU_ID, EventContracts.QUANTITY,
                "contract-test"));

        EventContracts.Fixture fixture = EventContracts.fixture(OrderEvents.SCHEMA_VERSION, OrderEventType.ORDER_CREATED);
        broker.assertPublishedOnly(fixture, messageLog);
    }
}
