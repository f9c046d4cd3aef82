package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.BatchStatusRequest;
import dev.eventual.common.api.BatchStatusResponse;
import dev.eventual.common.api.RedriveResult;
import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.DownstreamStatus;
import dev.eventual.common.status.MessageStatus;
import dev.eventual.common.status.OrderStatus;
import dev.eventual.common.status.ReconcileStatus;
import dev.eventual.reconcile.config.ReconcileProperties;
import dev.eventual.reconcile.decide.Action;
import dev.eventual.reconcile.decide.Observation;
import dev.eventual.reconcile.scan.DueRow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The page's re-drives run side by side while each row's actions stay in order. The downstream
 * services are stand-ins here (the real ones are in the launcher's and scenarios' suites): the
 * stand-in inventory holds every call at a barrier of two, which only concurrent rows can pass.
 */
class RedriverTest {

    private final Queue<String> calls = new ConcurrentLinkedQueue<>();
    private final CyclicBarrier twoAtOnce = new CyclicBarrier(2);
    private final Redriver redriver = new Redriver(new HeldInventory(), new RecordingNotice(), properties(2));

    @AfterEach
    void stop() {
        redriver.destroy();
    }

    @Test
    void rowsAreRedrivenSideBySideAndTheirAnswersComeBackInTheirOrder() {
        List<Redrive> redrives = LongStream.rangeClosed(1, 4).mapToObj(orderId -> new Redrive(row(orderId),
                new Observation(OrderEventType.ORDER_CREATED, OrderStatus.CREATED, DownstreamStatus.NOT_FOUND,
                        DownstreamStatus.NOT_FOUND), List.of(Action.REDRIVE_INVENTORY, Action.REDRIVE_NOTICE))).toList();

        List<Observation> after = redriver.redrive(redrives);

        // the stand-in deducts odd orders and refuses even ones: each answer must land on its own row
        assertThat(after).extracting(Observation::inventory).containsExactly(DownstreamStatus.SUCCESS,
                DownstreamStatus.FAIL, DownstreamStatus.SUCCESS, DownstreamStatus.FAIL);
        assertThat(after).extracting(Observation::notice).containsOnly(DownstreamStatus.SUCCESS);
        for (long orderId = 1; orderId <= 4; orderId++) {
            assertThat(ofOrder(orderId)).as("order %d's actions in order", orderId)
                    .containsExactly("inventory " + orderId, "notice " + orderId);
        }
    }

    private List<String> ofOrder(long orderId) {
        return calls.stream().filter(call -> call.endsWith(" " + orderId)).toList();
    }

    private static DueRow row(long orderId) {
        String payload = OrderEvents.toJson(new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, orderId, 1L, 1L, 1,
                Instant.parse("2026-01-01T00:00:00Z")));
        return new DueRow(orderId, orderId, OrderEventType.ORDER_CREATED, payload, MessageStatus.SENT,
                ReconcileStatus.PENDING, 0, 0, LocalDateTime.of(2026, 1, 1, 0, 0));
    }

    private static ReconcileProperties properties(int redriveConcurrency) {
        return new ReconcileProperties(List.of(Duration.ofSeconds(1)), 0, 5, 200, Duration.ofSeconds(30),
                Duration.ofMinutes(2), Duration.ofMinutes(1), Duration.ofSeconds(30), Duration.ofDays(30), 1000,
                Duration.ofHours(1), redriveConcurrency);
    }

    private final class HeldInventory implements InventoryClient {

        @Override
        public RedriveResult retry(OrderCreatedEvent event) {
            try {
                twoAtOnce.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                throw new IllegalStateException("re-drives did not run side by side", e);
            }
            calls.add("inventory " + event.orderId());
            return new RedriveResult(Long.toString(event.orderId()),
                    event.orderId() % 2 == 1 ? DownstreamStatus.SUCCESS : DownstreamStatus.FAIL, "stand-in");
        }

        @Override
        public BatchStatusResponse status(BatchStatusRequest request) {
            return new BatchStatusResponse(Map.of());
        }

        @Override
        public RedriveResult release(OrderCanceledEvent event) {
            throw new UnsupportedOperationException();
        }
    }

    private final class RecordingNotice implements NoticeClient {

        @Override
        public RedriveResult retryCreated(OrderCreatedEvent event) {
            calls.add("notice " + event.orderId());
            return new RedriveResult(Long.toString(event.orderId()), DownstreamStatus.SUCCESS, "sent");
        }

        @Override
        public BatchStatusResponse status(BatchStatusRequest request) {
            return new BatchStatusResponse(Map.of());
        }

        @Override
        public RedriveResult retryCanceled(OrderCanceledEvent event) {
            throw new UnsupportedOperationException();
        }
    }
}
