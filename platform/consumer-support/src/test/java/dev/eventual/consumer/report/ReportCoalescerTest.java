package dev.eventual.consumer.report;

import dev.eventual.common.api.ConsumerReports;
import dev.eventual.common.api.ConsumerStatusBatchResult;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.consumer.ConsumerProperties;
import dev.eventual.tracing.OrderTraces;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

/** What reaches order-service, and when, with a recording stand-in for its client. */
class ReportCoalescerTest {

    private static final String GROUP = "eventual-inventory-consumer";

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final List<ConsumerReports> calls = new CopyOnWriteArrayList<>();
    private ReportCoalescer coalescer;

    @AfterEach
    void stop() {
        if (coalescer != null) {
            coalescer.stop();
        }
    }

    @Test
    void reportsWithinAWindowShareOneCall() {
        coalescer = start(Duration.ofMillis(300), 500, recording());

        for (long orderId = 1; orderId <= 5; orderId++) {
            coalescer.submit(new StatusReport(orderId, OrderEventType.ORDER_CREATED, ConsumeStatus.SUCCESS, "deducted 1"));
        }

        await().atMost(Duration.ofSeconds(5)).until(() -> calls.size() == 1);
        assertThat(calls.get(0).consumerGroup()).isEqualTo(GROUP);
        assertThat(calls.get(0).reports()).extracting(ConsumerReports.Report::orderId)
                .containsExactly("1", "2", "3", "4", "5");
    }

    @Test
    void aFullBatchGoesWithoutWaitingForTheWindow() {
        coalescer = start(Duration.ofSeconds(60), 3, recording());

        for (long orderId = 1; orderId <= 7; orderId++) {
            coalescer.submit(new StatusReport(orderId, OrderEventType.ORDER_CREATED, ConsumeStatus.SUCCESS, null));
        }

        // two full batches go long before the 60 s window; the seventh report waits for it
        await().atMost(Duration.ofSeconds(20)).until(() -> calls.size() == 2);
        assertThat(calls).allSatisfy(call -> assertThat(call.reports()).hasSize(3));
    }

    @Test
    void twoReportsOfOneEventBecomeTheLaterOneTheRulesAllow() {
        coalescer = start(Duration.ofMillis(300), 500, recording());

        coalescer.submit(new StatusReport(1, OrderEventType.ORDER_CREATED, ConsumeStatus.PROCESSING, "channel down"));
        coalescer.submit(new StatusReport(1, OrderEventType.ORDER_CREATED, ConsumeStatus.SUCCESS, "sent"));
        coalescer.submit(new StatusReport(1, OrderEventType.ORDER_CREATED, ConsumeStatus.PROCESSING, "late"));
        coalescer.submit(new StatusReport(1, OrderEventType.ORDER_CANCELED, ConsumeStatus.SUCCESS, "sent"));

        await().atMost(Duration.ofSeconds(5)).until(() -> calls.size() == 1);
        assertThat(calls.get(0).reports()).containsExactly(
                new ConsumerReports.Report("1", OrderEventType.ORDER_CREATED, ConsumeStatus.SUCCESS, "sent", null),
                new ConsumerReports.Report("1", OrderEventType.ORDER_CANCELED, ConsumeStatus.SUCCESS, "sent", null));
    }

    @Test
    void aCallOrderServiceDoesNotTakeIsCountedPerReport() {
        coalescer = start(Duration.ofMillis(50), 500, reports -> {
            throw new IllegalStateException("order-service down");
        });

        coalescer.submit(new StatusReport(1, OrderEventType.ORDER_CREATED, ConsumeStatus.SUCCESS, null));
        coalescer.submit(new StatusReport(2, OrderEventType.ORDER_CREATED, ConsumeStatus.FAIL, "insufficient stock"));

        await().atMost(Duration.ofSeconds(5))
                .until(() -> registry.counter("eventual.test.report-failures").count() == 2);
    }

    /** A refusal goes beside the queue, at once, and says whether order-service took it. */
    @Test
    void aRefusalIsSentAtOnceAndItsCallerHearsWhenOrderServiceDidNotTakeIt() {
        coalescer = start(Duration.ofHours(1), 500, recording());
        coalescer.submit(new StatusReport(1, OrderEventType.ORDER_CREATED, ConsumeStatus.SUCCESS, "waits for the window"));

        coalescer.reportNow(new StatusReport(2, OrderEventType.ORDER_CANCELED, ConsumeStatus.REFUSED, "refused: late"));

        assertThat(calls).singleElement().satisfies(call -> assertThat(call.reports())
                .extracting(ConsumerReports.Report::orderId, ConsumerReports.Report::status)
                .containsExactly(tuple("2", ConsumeStatus.REFUSED)));
        ReportCoalescer down = start(Duration.ofHours(1), 500, reports -> {
            throw new IllegalStateException("order-service down");
        });
        try {
            assertThatThrownBy(() -> down.reportNow(new StatusReport(3, OrderEventType.ORDER_CREATED, ConsumeStatus.REFUSED,
                    "refused: late"))).isInstanceOf(ReportNotTakenException.class).hasMessageContaining("order 3");
            assertThat(registry.counter("eventual.test.report-failures").count()).isEqualTo(1);
            assertThatThrownBy(() -> down.reportNow(new StatusReport(4, OrderEventType.ORDER_CREATED, ConsumeStatus.SUCCESS,
                    null))).as("a status a later report may replace keeps its order in the queue")
                    .isInstanceOf(IllegalArgumentException.class);
        } finally {
            down.stop();
        }
    }

    @Test
    void stoppingSendsWhatIsStillWaiting() {
        coalescer = start(Duration.ofSeconds(30), 500, recording());
        coalescer.submit(new StatusReport(9, OrderEventType.ORDER_CANCELED, ConsumeStatus.SUCCESS, "released 2"));

        coalescer.stop();

        assertThat(calls).hasSize(1);
        assertThat(calls.get(0).reports()).extracting(ConsumerReports.Report::orderId).containsExactly("9");
    }

    @Test
    void aReportAfterStopIsSentAtOnce() {
        coalescer = start(Duration.ofSeconds(30), 500, recording());
        coalescer.stop();

        coalescer.submit(new StatusReport(3, OrderEventType.ORDER_CREATED, ConsumeStatus.SUCCESS, null));

        assertThat(calls).hasSize(1);
    }

    @Test
    void oneCallIsInFlightAtATime() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        coalescer = start(Duration.ZERO, 500, reports -> {
            calls.add(reports);
            try {
                release.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new ConsumerStatusBatchResult(reports.reports().size(), 0, List.of());
        });
        coalescer.submit(new StatusReport(1, OrderEventType.ORDER_CREATED, ConsumeStatus.PROCESSING, null));
        await().atMost(Duration.ofSeconds(5)).until(() -> calls.size() == 1);

        coalescer.submit(new StatusReport(1, OrderEventType.ORDER_CREATED, ConsumeStatus.SUCCESS, null));
        coalescer.submit(new StatusReport(2, OrderEventType.ORDER_CREATED, ConsumeStatus.SUCCESS, null));
        assertThat(calls).hasSize(1);
        release.countDown();

        await().atMost(Duration.ofSeconds(5)).until(() -> calls.size() == 2);
        assertThat(calls.get(1).reports()).extracting(ConsumerReports.Report::orderId).containsExactly("1", "2");
    }

    @Test
    void aLongDetailIsCutToWhatOrderServiceTakes() {
        coalescer = start(Duration.ZERO, 500, recording());

        coalescer.submit(new StatusReport(1, OrderEventType.ORDER_CREATED, ConsumeStatus.FAIL, "x".repeat(600)));

        await().atMost(Duration.ofSeconds(5)).until(() -> calls.size() == 1);
        assertThat(calls.get(0).reports().get(0).detail()).hasSize(512);
    }

    private ReportSender recording() {
        return reports -> {
            calls.add(reports);
            return new ConsumerStatusBatchResult(reports.reports().size(), 0, List.of());
        };
    }

    private ReportCoalescer start(Duration window, int maxBatch, ReportSender sender) {
        ReportCoalescer started = new ReportCoalescer(GROUP, sender, new ConsumerProperties.Report(window, maxBatch),
                new OrderTraces(Tracer.NOOP, Propagator.NOOP), registry, "eventual.test.report-failures");
        started.start();
        return started;
    }
}
