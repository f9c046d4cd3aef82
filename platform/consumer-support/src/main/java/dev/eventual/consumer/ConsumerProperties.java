package dev.eventual.consumer;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * {@code eventual.consumer.*}: how a service consumes the order topic and reports to order-service.
 *
 * @param batchSize at most this many events are handed to the service at once (applied in one local
 *                  transaction where the service can); the broker delivers fewer when fewer are waiting,
 *                  so a quiet system still handles each event as it comes
 * @param threads   consume threads. A thread waiting in the window holds no connection and no CPU, but it
 *                  cannot take the next pull's batch: with too few threads for the window, events queue
 *                  (8 threads with a 25 ms window queued at 239 orders/s, tooling/bench/README.md). With the window
 *                  on, a group of threads shares one transaction; with it off, each thread runs its own
 * @param window    a consume thread holding a batch waits at most this long for other threads' batches to
 *                  share its call (one local transaction for all of them), less when every thread has
 *                  joined; 0 turns it off. The time to consistency grows by at most this much
 * @param report    how status reports are coalesced
 */
@Validated
@ConfigurationProperties("eventual.consumer")
public record ConsumerProperties(
        @DefaultValue("32") @Min(1) @Max(1024) int batchSize,
        @DefaultValue("32") @Min(1) @Max(64) int threads,
        @DefaultValue("25ms") @DurationMin(millis = 0) @DurationMax(seconds = 1) Duration window,
        @DefaultValue @Valid Report report) {

    /**
     * @param window   a report waits at most this long for others to share its call; the stock and the
     *                 notice are not delayed by it, only order-service's record of them and with it the
     *                 event's reconcile SUCCESS (reconciliation itself reads after
     *                 {@code eventual.order.reconcile-delay}); a crash loses at most this window's
     *                 reports, which reconciliation then records on the consumers' behalf
     * @param maxBatch reports per call (order-service takes up to 500); a full batch is sent at once
     */
    public record Report(
            @DefaultValue("200ms") @DurationMin(millis = 0) @DurationMax(seconds = 5) Duration window,
            @DefaultValue("500") @Min(1) @Max(500) int maxBatch) {
    }
}
