package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.BatchStatusRequest;
import dev.eventual.common.api.BatchStatusResponse;
import dev.eventual.common.api.CleanupRequest;
import dev.eventual.common.api.CleanupResult;
import dev.eventual.common.api.RedriveBatch;
import dev.eventual.common.api.RedriveResult;
import dev.eventual.common.api.RedriveResults;
import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.DownstreamStatus;
import dev.eventual.infra.test.EventContracts.Fixture;
import dev.eventual.infra.test.EventContracts;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.core.status.OrderStatus;
import dev.eventual.order.core.status.ReconcileStatus;
import dev.eventual.reconcile.decide.Action;
import dev.eventual.reconcile.decide.Observation;
import dev.eventual.order.core.reconcile.ReconcilePages.DueRow;
import dev.eventual.tracing.OrderTraces;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The re-drive reads a message_log payload of every kept schema version (test-fixtures,
 * event-contracts/README.md) and sends each service the order the fixture describes. The services are
 * recording stand-ins: that their endpoints take what arrives is in their own RedriveContractTest.
 */
class RedriveContractTest {

    private final RecordingServices services = new RecordingServices();
    private final Redriver redriver = new Redriver(services, services, new SimpleMeterRegistry(),
            new OrderTraces(Tracer.NOOP, Propagator.NOOP));

    @ParameterizedTest(name = "{0}")
    @MethodSource(EventContracts.CREATED)
    void anOrderCreatedPayloadOfEveryKeptVersionIsReDrivenAsItsOrder(Fixture fixture) {
        List<Observation> after = redriver.redrive(List.of(new Redrive(row(fixture),
                new Observation(OrderEventType.ORDER_CREATED, OrderStatus.CREATED, DownstreamStatus.NOT_FOUND,
                        DownstreamStatus.NOT_FOUND), List.of(Action.REDRIVE_INVENTORY, Action.REDRIVE_NOTICE))));

        OrderCreatedEvent expected = EventContracts.created(fixture.version());
        assertThat(services.inventoryRetries).containsExactly(expected);
        assertThat(services.noticeRetries).containsExactly(expected);
        assertThat(after).extracting(Observation::inventory, Observation::notice)
                .containsExactly(tuple(DownstreamStatus.SUCCESS, DownstreamStatus.SUCCESS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(EventContracts.CANCELED)
    void anOrderCanceledPayloadOfEveryKeptVersionIsReDrivenAsItsOrder(Fixture fixture) {
        List<Observation> after = redriver.redrive(List.of(new Redrive(row(fixture),
                new Observation(OrderEventType.ORDER_CANCELED, OrderStatus.CANCELED, DownstreamStatus.SUCCESS,
                        DownstreamStatus.NOT_FOUND), List.of(Action.RELEASE_INVENTORY, Action.REDRIVE_CANCEL_NOTICE))));

        OrderCanceledEvent expected = EventContracts.canceled(fixture.version());
        assertThat(services.inventoryReleases).containsExactly(expected);
        assertThat(services.noticeCancelRetries).containsExactly(expected);
        assertThat(after).extracting(Observation::inventory, Observation::notice)
                .containsExactly(tuple(DownstreamStatus.RELEASED, DownstreamStatus.SUCCESS));
    }

    /** A due message_log row whose payload is the fixture, as the scan reads it. */
    private static DueRow row(Fixture fixture) {
        return new DueRow(1, EventContracts.ORDER_ID, fixture.type(), fixture.json(), MessageStatus.SENT,
                ReconcileStatus.PENDING, 0, 0, LocalDateTime.of(2026, 11, 20, 9, 43), null);
    }

    /** inventory-service and notice-service as the re-drive calls them (batch endpoints), answering as done. */
    private static final class RecordingServices implements InventoryClient, NoticeClient {
        final List<OrderCreatedEvent> inventoryRetries = new ArrayList<>();
        final List<OrderCanceledEvent> inventoryReleases = new ArrayList<>();
        final List<OrderCreatedEvent> noticeRetries = new ArrayList<>();
        final List<OrderCanceledEvent> noticeCancelRetries = new ArrayList<>();

        @Override
        public RedriveResults retryAll(RedriveBatch<OrderCreatedEvent> batch) {
            inventoryRetries.addAll(batch.events());
            return done(batch.events().stream().map(OrderCreatedEvent::orderId).toList(), DownstreamStatus.SUCCESS);
        }

        @Override
        public RedriveResults releaseAll(RedriveBatch<OrderCanceledEvent> batch) {
            inventoryReleases.addAll(batch.events());
            return done(batch.events().stream().map(OrderCanceledEvent::orderId).toList(), DownstreamStatus.RELEASED);
        }

        @Override
        public RedriveResults retryAllCreated(RedriveBatch<OrderCreatedEvent> batch) {
            noticeRetries.addAll(batch.events());
            return done(batch.events().stream().map(OrderCreatedEvent::orderId).toList(), DownstreamStatus.SUCCESS);
        }

        @Override
        public RedriveResults retryAllCanceled(RedriveBatch<OrderCanceledEvent> batch) {
            noticeCancelRetries.addAll(batch.events());
            return done(batch.events().stream().map(OrderCanceledEvent::orderId).toList(), DownstreamStatus.SUCCESS);
        }

        @Override
        public BatchStatusResponse status(BatchStatusRequest request) {
            return new BatchStatusResponse(Map.of());
        }

        @Override
        public CleanupResult cleanup(CleanupRequest request) {
            throw new UnsupportedOperationException("the re-drive never cleans");
        }

        private static RedriveResults done(List<Long> orderIds, DownstreamStatus status) {
            return new RedriveResults(orderIds.stream()
                    .map(orderId -> new RedriveResult(Long.toString(orderId), status, "recorded")).toList());
        }
    }
}
