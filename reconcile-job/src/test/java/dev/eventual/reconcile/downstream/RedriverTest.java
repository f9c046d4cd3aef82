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
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.DownstreamStatus;
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
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A page's re-drives go as one call per kind of action, each row's actions in order, every answer on
 * its own row. The downstream services are recording stand-ins here (the real endpoints are in the
 * services' ITs, the launcher's and the scenarios' suites).
 */
class RedriverTest {

    private final List<String> calls = new ArrayList<>();
    private final StandInInventory inventory = new StandInInventory();
    private final StandInNotice notice = new StandInNotice();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final Redriver redriver = new Redriver(inventory, notice, meters,
            new OrderTraces(Tracer.NOOP, Propagator.NOOP));

    @Test
    void aPagesRedrivesGoAsOneCallPerKindAndEachAnswerLandsOnItsRow() {
        List<Redrive> redrives = LongStream.rangeClosed(1, 4).mapToObj(orderId -> new Redrive(row(orderId),
                new Observation(OrderEventType.ORDER_CREATED, OrderStatus.CREATED, DownstreamStatus.NOT_FOUND,
                        DownstreamStatus.NOT_FOUND), List.of(Action.REDRIVE_INVENTORY, Action.REDRIVE_NOTICE))).toList();

        List<Observation> after = redriver.redrive(redrives);

        // the stand-in deducts odd orders and refuses even ones: each answer must land on its own row
        assertThat(after).extracting(Observation::inventory).containsExactly(DownstreamStatus.SUCCESS,
                DownstreamStatus.FAIL, DownstreamStatus.SUCCESS, DownstreamStatus.FAIL);
        assertThat(after).extracting(Observation::notice).containsOnly(DownstreamStatus.SUCCESS);
        // every row's inventory action before any row's notice action, one call each
        assertThat(calls).containsExactly("inventory [1, 2, 3, 4]", "notice [1, 2, 3, 4]");
    }

    @Test
    void rowsWithDifferentActionsShareTheCallsOfTheirKind() {
        Redrive both = new Redrive(row(7), new Observation(OrderEventType.ORDER_CREATED, OrderStatus.CREATED,
                DownstreamStatus.NOT_FOUND, DownstreamStatus.NOT_FOUND), List.of(Action.REDRIVE_INVENTORY, Action.REDRIVE_NOTICE));
        Redrive noticeOnly = new Redrive(row(8), new Observation(OrderEventType.ORDER_CREATED, OrderStatus.CREATED,
                DownstreamStatus.SUCCESS, DownstreamStatus.NOT_FOUND), List.of(Action.REDRIVE_NOTICE));

        redriver.redrive(List.of(both, noticeOnly));

        assertThat(calls).containsExactly("inventory [7]", "notice [8]", "notice [7]");
    }

    @Test
    void rowsAServiceDidNotGetToOrAFailedCallCountAsNotDoneThisRun() {
        notice.answers = 1;
        List<Redrive> redrives = LongStream.rangeClosed(1, 3).mapToObj(orderId -> new Redrive(row(orderId),
                new Observation(OrderEventType.ORDER_CREATED, OrderStatus.CREATED, DownstreamStatus.SUCCESS,
                        DownstreamStatus.NOT_FOUND), List.of(Action.REDRIVE_NOTICE))).toList();

        List<Observation> after = redriver.redrive(redrives);
        inventory.down = true;
        List<Observation> failed = redriver.redrive(List.of(new Redrive(row(5), new Observation(OrderEventType.ORDER_CREATED,
                OrderStatus.CREATED, DownstreamStatus.NOT_FOUND, DownstreamStatus.SUCCESS), List.of(Action.REDRIVE_INVENTORY))));

        // an unanswered re-drive reads as not done (Observation.after): the row retries with back-off
        assertThat(after).extracting(Observation::notice).containsExactly(DownstreamStatus.SUCCESS, DownstreamStatus.FAIL,
                DownstreamStatus.FAIL);
        assertThat(failed).extracting(Observation::inventory).containsExactly(DownstreamStatus.FAIL);
    }

    @Test
    void everyRowsRedriveIsCountedByActionAndAnswer() {
        notice.answers = 1;
        redriver.redrive(LongStream.rangeClosed(1, 3).mapToObj(orderId -> new Redrive(row(orderId),
                new Observation(OrderEventType.ORDER_CREATED, OrderStatus.CREATED, DownstreamStatus.NOT_FOUND,
                        DownstreamStatus.NOT_FOUND), List.of(Action.REDRIVE_INVENTORY, Action.REDRIVE_NOTICE))).toList());

        // inventory: orders 1 and 3 deducted, 2 refused; notice: only order 1 answered
        assertThat(redrives("REDRIVE_INVENTORY", "SUCCESS")).isEqualTo(2);
        assertThat(redrives("REDRIVE_INVENTORY", "FAIL")).isEqualTo(1);
        assertThat(redrives("REDRIVE_NOTICE", "SUCCESS")).isEqualTo(1);
        assertThat(redrives("REDRIVE_NOTICE", "not_done")).isEqualTo(2);
    }

    private double redrives(String action, String result) {
        return meters.get("eventual.reconcile.redrives").tag("action", action).tag("result", result).counter().count();
    }

    private static DueRow row(long orderId) {
        String payload = OrderEvents.toJson(new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, orderId, 1L, 1L, 1,
                Instant.parse("2026-01-01T00:00:00Z")));
        return new DueRow(orderId, orderId, OrderEventType.ORDER_CREATED, payload, MessageStatus.SENT,
                ReconcileStatus.PENDING, 0, 0, LocalDateTime.of(2026, 1, 1, 0, 0), null);
    }

    private final class StandInInventory implements InventoryClient {
        boolean down;

        @Override
        public RedriveResults retryAll(RedriveBatch<OrderCreatedEvent> batch) {
            if (down) {
                throw new IllegalStateException("Connection refused");
            }
            calls.add("inventory " + batch.events().stream().map(OrderCreatedEvent::orderId).toList());
            return new RedriveResults(batch.events().stream().map(event -> new RedriveResult(Long.toString(event.orderId()),
                    event.orderId() % 2 == 1 ? DownstreamStatus.SUCCESS : DownstreamStatus.FAIL, "stand-in")).toList());
        }

        @Override
        public RedriveResults releaseAll(RedriveBatch<OrderCanceledEvent> batch) {
            throw new UnsupportedOperationException();
        }

        @Override
        public BatchStatusResponse status(BatchStatusRequest request) {
            return new BatchStatusResponse(Map.of());
        }

        @Override
        public CleanupResult cleanup(CleanupRequest request) {
            throw new UnsupportedOperationException("the re-drive never cleans");
        }
    }

    private final class StandInNotice implements NoticeClient {
        int answers = Integer.MAX_VALUE;

        @Override
        public RedriveResults retryAllCreated(RedriveBatch<OrderCreatedEvent> batch) {
            calls.add("notice " + batch.events().stream().map(OrderCreatedEvent::orderId).toList());
            return new RedriveResults(batch.events().stream().limit(answers)
                    .map(event -> new RedriveResult(Long.toString(event.orderId()), DownstreamStatus.SUCCESS, "sent")).toList());
        }

        @Override
        public RedriveResults retryAllCanceled(RedriveBatch<OrderCanceledEvent> batch) {
            throw new UnsupportedOperationException();
        }

        @Override
        public BatchStatusResponse status(BatchStatusRequest request) {
            return new BatchStatusResponse(Map.of());
        }

        @Override
        public CleanupResult cleanup(CleanupRequest request) {
            throw new UnsupportedOperationException("the re-drive never cleans");
        }
    }
}
