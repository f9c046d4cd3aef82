package dev.eventual.inventory.consume;

import dev.eventual.common.api.ConsumerReports;
import dev.eventual.common.api.ConsumerStatusBatchResult;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.consumer.ConsumerProperties;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.consumer.retention.LateEvents;
import dev.eventual.consumer.retention.RetentionProperties;
import dev.eventual.consumer.report.ReportCoalescer;
import dev.eventual.infra.test.EventContracts.Fixture;
import dev.eventual.infra.test.EventContracts;
import dev.eventual.inventory.config.InventoryProperties;
import dev.eventual.inventory.deduct.DeductLogMapper;
import dev.eventual.inventory.deduct.DeductRecord;
import dev.eventual.inventory.deduct.DeductStatus;
import dev.eventual.inventory.deduct.InventoryMetrics;
import dev.eventual.inventory.deduct.OrderEventHandler;
import dev.eventual.inventory.deduct.StockLedger;
import dev.eventual.inventory.stock.SkuQuantity;
import dev.eventual.inventory.stock.SkuStock;
import dev.eventual.inventory.stock.StockMapper;
import dev.eventual.tracing.OrderTraces;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyContext;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mockito.ArgumentCaptor;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/**
 * inventory-service reads every kept schema version's payloads (test-fixtures, event-contracts/README.md)
 * as its broker listener receives them: consumer-support decodes the body into the order the fixture
 * describes, and the handler and the stock ledger apply it. Only the two tables are stand-ins, answering
 * as for an order seen the first time on a SKU with stock; that the statements do the right thing on a
 * real database is for the deduct ITs. The events are consumed the minute after the fixtures' cancel, as the
 * broker hands them over, so that their fixed dates stay within the retention whenever the test runs.
 */
class OrderEventContractTest {

    private final DeductLogMapper deductLog = mock(DeductLogMapper.class);
    private final StockMapper stock = mock(StockMapper.class);
    private final List<ConsumerReports.Report> reports = new ArrayList<>();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ConsumerProperties consumer = new ConsumerProperties(32, 1, Duration.ZERO,
            new ConsumerProperties.Report(Duration.ZERO, 500));
    private final LateEvents lateEvents = new LateEvents(new RetentionProperties(Duration.ofDays(30),
            Duration.ofMinutes(5), Duration.ofDays(1), Duration.ofHours(72), 1000, Duration.ofSeconds(20)),
            Clock.fixed(EventContracts.CANCELED_AT.plusSeconds(60), ZoneOffset.UTC));
    private final RecordingHandler handler = new RecordingHandler(new StockLedger(deductLog, stock, List.of(), lateEvents),
            new ReportCoalescer(OrderMessaging.INVENTORY_CONSUMER_GROUP, this::report, consumer.report(),
                    new OrderTraces(Tracer.NOOP, Propagator.NOOP), registry,
                    "eventual.inventory.report-failures"), new InventoryMetrics(registry));
    private final OrderEventListener listener = new OrderEventListener(handler, consumer, new InventoryProperties(16));

    @ParameterizedTest(name = "{0}")
    @MethodSource(EventContracts.CREATED)
    void anOrderCreatedPayloadOfEveryKeptVersionDeductsTheOrdersStock(Fixture fixture) {
        when(stock.lockAll(any())).thenReturn(List.of(new SkuStock(EventContracts.SKU_ID, 10)));

        assertThat(consume(fixture)).isEqualTo(ConsumeConcurrentlyStatus.CONSUME_SUCCESS);

        assertThat(handler.received)
                .containsExactly(ReceivedEvent.of(EventContracts.created(fixture.version()), 1, null));
        verify(deductLog).insertAll(List.of(new DeductRecord(EventContracts.ORDER_ID, EventContracts.SKU_ID,
                EventContracts.QUANTITY, DeductStatus.SUCCESS, null)));
        verify(stock).deductAll(List.of(new SkuQuantity(EventContracts.SKU_ID, EventContracts.QUANTITY)));
        assertThat(reports).containsExactly(new ConsumerReports.Report(Long.toString(EventContracts.ORDER_ID),
                OrderEventType.ORDER_CREATED, ConsumeStatus.SUCCESS, "deducted " + EventContracts.QUANTITY, null));
        assertThat(registry.find("eventual.inventory.failures").counters())
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
    }

    /** A cancel that finds no deduction fences the order, with the sku and quantity the payload carries. */
    @ParameterizedTest(name = "{0}")
    @MethodSource(EventContracts.CANCELED)
    void anOrderCanceledPayloadOfEveryKeptVersionFencesTheOrder(Fixture fixture) {
        assertThat(consume(fixture)).isEqualTo(ConsumeConcurrentlyStatus.CONSUME_SUCCESS);

        assertThat(handler.received)
                .containsExactly(ReceivedEvent.of(EventContracts.canceled(fixture.version()), 1, null));
        @SuppressWarnings("unchecked")
        ArgumentCaptor<List<DeductRecord>> claims = ArgumentCaptor.forClass(List.class);
        verify(deductLog).insertAll(claims.capture());
        assertThat(claims.getValue()).singleElement().satisfies(claim -> {
            assertThat(claim.orderId()).isEqualTo(EventContracts.ORDER_ID);
            assertThat(claim.skuId()).isEqualTo(EventContracts.SKU_ID);
            assertThat(claim.quantity()).isEqualTo(EventContracts.QUANTITY);
            assertThat(claim.status()).isEqualTo(DeductStatus.FENCED);
        });
        assertThat(reports).extracting(ConsumerReports.Report::orderId, ConsumerReports.Report::eventType,
                ConsumerReports.Report::status).containsExactly(tuple(
                Long.toString(EventContracts.ORDER_ID), OrderEventType.ORDER_CANCELED, ConsumeStatus.SUCCESS));
        assertThat(registry.find("eventual.inventory.failures").counters())
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
    }

    private ConsumeConcurrentlyStatus consume(Fixture fixture) {
        MessageExt message = new MessageExt();
        message.setTags(fixture.type().tag());
        message.setKeys(Long.toString(EventContracts.ORDER_ID));
        message.setBody(fixture.bytes());
        return listener.consumeMessage(List.of(message), new ConsumeConcurrentlyContext(new MessageQueue()));
    }

    private ConsumerStatusBatchResult report(ConsumerReports batch) {
        reports.addAll(batch.reports());
        return new ConsumerStatusBatchResult(batch.reports().size(), 0, List.of());
    }

    /** inventory's handler as it is, keeping what the listener decoded for it. */
    private static final class RecordingHandler extends OrderEventHandler {
        final List<ReceivedEvent> received = new ArrayList<>();

        RecordingHandler(StockLedger ledger, ReportCoalescer reports, InventoryMetrics metrics) {
            super(ledger, reports, metrics, new OrderTraces(Tracer.NOOP, Propagator.NOOP), List.of());
        }

        @Override
        public void handleAll(List<ReceivedEvent> events) {
            received.addAll(events);
            super.handleAll(events);
        }
    }
}
