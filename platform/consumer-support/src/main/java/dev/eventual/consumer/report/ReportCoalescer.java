package dev.eventual.consumer.report;

import dev.eventual.common.api.ConsumerReports;
import dev.eventual.common.api.ConsumerStatusBatchResult;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.consumer.ConsumerProperties;
import dev.eventual.tracing.OrderTraces;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Tells order-service what this consumer group did, many events per call: a report waits at most
 * {@code eventual.consumer.report.window} for others, and a full batch ({@code max-batch}) goes at
 * once. One call is in flight at a time, so two reports of the same event always arrive in order;
 * two reports of the same event that meet here are merged into the later one the monotonic rules
 * allow.
 * <p>
 * A report is best effort, as before: one that fails, or that a crash loses while it waits here, is
 * counted and logged, and reconciliation repairs what order-service never heard (it asks the
 * consumers' status APIs). Nothing local is ever undone for a report. The one exception is a delivery's
 * refusal, which reconciliation may never ask about: {@link #reportNow} sends it at once and says whether it
 * was taken, and the delivery is acknowledged only then.
 * <p>
 * One call speaks for many orders, so each report carries its own order's trace: the one current
 * when it was submitted (docs/tracing.md).
 */
public class ReportCoalescer implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(ReportCoalescer.class);

    /** Stops after the consumers (phase {@code DEFAULT_PHASE}) so their last reports still go out. */
    static final int PHASE = DEFAULT_PHASE - 512;

    private final String consumerGroup;
    private final ReportSender sender;
    private final ConsumerProperties.Report settings;
    private final OrderTraces traces;
    private final Counter failures;
    private final DistributionSummary batchSizes;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Map<Key, StatusReport> pending = new LinkedHashMap<>();
    private boolean running;
    private Thread flusher;

    /**
     * @param failuresMetric the service's counter of reports order-service did not take
     */
    public ReportCoalescer(String consumerGroup, ReportSender sender, ConsumerProperties.Report settings,
                           OrderTraces traces, MeterRegistry registry, String failuresMetric) {
        this.consumerGroup = consumerGroup;
        this.sender = sender;
        this.settings = settings;
        this.traces = traces;
        this.failures = registry.counter(failuresMetric);
        this.batchSizes = DistributionSummary.builder("eventual.consumer.report.batch")
                .description("status reports per call to order-service").tag("group", consumerGroup)
                .register(registry);
    }

    /** Queues the report; before {@link #start} and after {@link #stop} it is sent at once instead. */
    public void submit(StatusReport untraced) {
        StatusReport report = untraced.tracedBy(traces.current());
        lock.lock();
        try {
            if (running) {
                pending.merge(new Key(report.orderId(), report.eventType()), report, StatusReport::followedBy);
                if (pending.size() == 1 || pending.size() >= settings.maxBatch()) {
                    changed.signalAll();
                }
                return;
            }
        } finally {
            lock.unlock();
        }
        send(List.of(report));
    }

    /**
     * Sends the report now, beside the queue, and returns once order-service took it (an order it does not
     * know counts as taken: there is nothing to hand back). For a refusal, which the broker delivery must not
     * acknowledge before order-service heard of it: a lost REFUSED report of a finished event would leave the
     * refusal without its work order, as reconciliation never looks at a finished event again
     * (docs/retention.md). Only for a final status, which no queued report of the same event can overtake.
     *
     * @throws ReportNotTakenException when the call failed; the caller leaves the message to the broker
     */
    public void reportNow(StatusReport untraced) {
        if (untraced.status() != ConsumeStatus.REFUSED) {
            throw new IllegalArgumentException("only a final status goes beside the queue, not " + untraced.status());
        }
        StatusReport report = untraced.tracedBy(traces.current());
        if (!send(List.of(report))) {
            throw new ReportNotTakenException(report.orderId(), report.eventType(), report.status());
        }
    }

    @Override
    public void start() {
        lock.lock();
        try {
            if (running) {
                return;
            }
            running = true;
            flusher = new Thread(this::flushUntilStopped, "report-coalescer-" + consumerGroup);
            flusher.start();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void stop() {
        Thread stopping;
        lock.lock();
        try {
            running = false;
            changed.signalAll();
            stopping = flusher;
        } finally {
            lock.unlock();
        }
        if (stopping != null) {
            try {
                stopping.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        lock.lock();
        try {
            return running;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int getPhase() {
        return PHASE;
    }

    /** Sends batch after batch; once stopped, sends what is left, then ends. */
    private void flushUntilStopped() {
        while (true) {
            List<StatusReport> batch = nextBatch();
            if (batch.isEmpty()) {
                return;
            }
            send(batch);
        }
    }

    /** Waits for a first report, then for the window to pass or the batch to fill; empty when stopped and drained. */
    private List<StatusReport> nextBatch() {
        lock.lock();
        try {
            while (running && pending.isEmpty()) {
                changed.awaitUninterruptibly();
            }
            long deadline = System.nanoTime() + settings.window().toNanos();
            long left;
            while (running && pending.size() < settings.maxBatch() && (left = deadline - System.nanoTime()) > 0) {
                changed.awaitNanos(left);
            }
            List<StatusReport> batch = new ArrayList<>(Math.min(pending.size(), settings.maxBatch()));
            Iterator<StatusReport> reports = pending.values().iterator();
            while (reports.hasNext() && batch.size() < settings.maxBatch()) {
                batch.add(reports.next());
                reports.remove();
            }
            return batch;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        } finally {
            lock.unlock();
        }
    }

    /** @return whether order-service took the batch */
    private boolean send(List<StatusReport> batch) {
        try {
            ConsumerStatusBatchResult result = sender.send(new ConsumerReports(consumerGroup,
                    batch.stream().map(StatusReport::toWire).toList()));
            batchSizes.record(batch.size());
            for (String orderId : result.unknownOrderIds()) {
                log.warn("Order {}: order-service has no committed event for this {} report; reconciliation decides",
                        orderId, consumerGroup);
            }
            return true;
        } catch (RuntimeException e) {
            failures.increment(batch.size());
            log.warn("Orders {}: could not report to order-service, reconciliation will: {}",
                    batch.stream().map(report -> report.orderId() + " " + report.eventType() + " " + report.status())
                            .toList(), e.toString());
            return false;
        }
    }

    private record Key(long orderId, OrderEventType eventType) {
    }
}
