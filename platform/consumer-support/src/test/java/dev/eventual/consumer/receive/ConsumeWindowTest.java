package dev.eventual.consumer.receive;

import dev.eventual.common.event.OrderCreatedEvent;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/** Batches held at the same time share one call; a failure never lands on a member whose events were not at fault. */
class ConsumeWindowTest {

    private final List<List<Long>> calls = new CopyOnWriteArrayList<>();

    @Test
    void batchesHeldAtTheSameTimeShareOneCall() throws Exception {
        ConsumeWindow window = new ConsumeWindow(handler(all -> { }), Duration.ofMinutes(1), 6, 8);

        List<ConsumeWindow.Shared> fates = together(window, List.of(events(1, 2), events(3), events(4, 5, 6)));

        assertThat(fates).extracting(ConsumeWindow.Shared::fate).containsOnly(ConsumeWindow.Fate.APPLIED);
        assertThat(calls).hasSize(1);
        assertThat(calls.get(0)).containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L, 6L);
    }

    @Test
    void aGroupHoldingEveryConsumeThreadClosesWithoutWaitingOutTheWindow() throws Exception {
        ConsumeWindow window = new ConsumeWindow(handler(all -> { }), Duration.ofMinutes(10), 100, 3);

        List<ConsumeWindow.Shared> fates = together(window, List.of(events(1), events(2), events(3)));

        assertThat(fates).extracting(ConsumeWindow.Shared::fate).containsOnly(ConsumeWindow.Fate.APPLIED);
        assertThat(calls).hasSize(1);
        assertThat(calls.get(0)).containsExactlyInAnyOrder(1L, 2L, 3L);
    }

    @Test
    void aBatchNobodySharesIsHandedBackUntouched() {
        ConsumeWindow full = new ConsumeWindow(handler(all -> { }), Duration.ofMinutes(1), 2, 8);
        ConsumeWindow quiet = new ConsumeWindow(handler(all -> { }), Duration.ofMillis(5), 100, 8);
        ConsumeWindow off = new ConsumeWindow(handler(all -> { }), Duration.ZERO, 100, 8);

        assertThat(full.apply(events(1, 2)).fate()).isEqualTo(ConsumeWindow.Fate.ALONE);
        assertThat(quiet.apply(events(3)).fate()).isEqualTo(ConsumeWindow.Fate.ALONE);
        assertThat(off.apply(events(4)).fate()).isEqualTo(ConsumeWindow.Fate.ALONE);
        assertThat(calls).isEmpty();
    }

    @Test
    void whenTheSharedCallFailsEveryMemberHandlesItsOwnBatchAlone() throws Exception {
        ConsumeWindow window = new ConsumeWindow(handler(all -> {
            throw new IllegalStateException("database down");
        }), Duration.ofMinutes(1), 3, 8);

        List<ConsumeWindow.Shared> fates = together(window, List.of(events(1), events(2), events(3)));

        assertThat(fates).extracting(ConsumeWindow.Shared::fate).containsOnly(ConsumeWindow.Fate.ALONE);
        assertThat(calls).hasSize(1);
    }

    @Test
    void aPartialFailureIsTheFailingMembersAloneAndThoseAfterItHandleTheirOwn() throws Exception {
        ConsumeWindow window = new ConsumeWindow(handler(all -> {
            for (int i = 0; i < all.size(); i++) {
                if (all.get(i).orderId() == 4) {
                    throw new PartialBatchFailure(i, new IllegalStateException("channel down"));
                }
            }
        }), Duration.ofMinutes(1), 6, 8);
        List<List<ReceivedEvent>> batches = List.of(events(1, 2), events(3, 4, 5), events(6));

        List<ConsumeWindow.Shared> fates = together(window, batches);

        List<Long> combined = calls.get(0);
        int failedAt = combined.indexOf(4L);
        for (int b = 0; b < batches.size(); b++) {
            List<ReceivedEvent> batch = batches.get(b);
            int first = combined.indexOf(batch.get(0).orderId());
            ConsumeWindow.Shared fate = fates.get(b);
            if (first + batch.size() <= failedAt) {
                assertThat(fate.fate()).as("batch %s, wholly before the failure", b).isEqualTo(ConsumeWindow.Fate.APPLIED);
            } else if (first > failedAt) {
                assertThat(fate.fate()).as("batch %s, after the failure", b).isEqualTo(ConsumeWindow.Fate.ALONE);
            } else {
                assertThat(fate.fate()).as("batch %s, holds the failure", b).isEqualTo(ConsumeWindow.Fate.PARTIAL);
                assertThat(fate.applied()).isEqualTo(1);
                assertThat(fate.cause()).hasMessage("channel down");
            }
        }
    }

    private static List<ConsumeWindow.Shared> together(ConsumeWindow window, List<List<ReceivedEvent>> batches)
            throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(batches.size());
        try {
            List<Future<ConsumeWindow.Shared>> futures = new ArrayList<>();
            batches.forEach(batch -> futures.add(threads.submit(() -> window.apply(batch))));
            List<ConsumeWindow.Shared> fates = new ArrayList<>();
            for (Future<ConsumeWindow.Shared> future : futures) {
                // shorter than every window these tests give: a group that waited its window out fails here
                fates.add(future.get(30, TimeUnit.SECONDS));
            }
            return fates;
        } finally {
            threads.shutdownNow();
        }
    }

    private OrderEventBatchHandler handler(Consumer<List<ReceivedEvent>> body) {
        return new OrderEventBatchHandler() {
            @Override
            public void handleAll(List<ReceivedEvent> events) {
                calls.add(events.stream().map(ReceivedEvent::orderId).toList());
                body.accept(events);
            }

            @Override
            public void handle(ReceivedEvent event) {
            }

            @Override
            public void dropped(String orderKey, String messageId, String tag, RuntimeException cause) {
            }

            @Override
            public void failed(ReceivedEvent event, RuntimeException cause) {
            }
        };
    }

    private static List<ReceivedEvent> events(long... orderIds) {
        List<ReceivedEvent> events = new ArrayList<>();
        for (long orderId : orderIds) {
            events.add(ReceivedEvent.of(new OrderCreatedEvent(1, orderId, 1, 1, 1, Instant.EPOCH), 1, null));
        }
        return events;
    }
}
