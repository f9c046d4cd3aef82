package dev.eventual.reconcile.config;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;
import java.util.List;

/**
 * {@code eventual.reconcile.*}.
 *
 * @param backoff           wait before the n-th retry (the last entry repeats)
 * @param jitter            each wait is stretched or shrunk by up to this fraction, so retries of
 *                          a burst of orders do not come due together
 * @param maxRetries        retries before a work order is opened and the row is marked FAIL
 * @param pageSize          rows claimed and checked per page (one batch status call per service)
 * @param shardBudget       a shard's run stops starting new pages after this; the rest waits
 * @param claimLease        a claimed row is due again after this if its run died
 * @param downstreamDownDelay when a downstream service cannot be asked, the page is due again after this
 *                          without counting a retry: the run failed, not the order
 * @param takeoverGrace   a shard also works rows of other shards' ranges once they are overdue by more than
 *                          this, so the rows of a dead, slow or not yet deregistered executor wait at most this
 *                          plus one job interval, not until the admin drops the executor (about 90 s, then the
 *                          next trigger). Claims keep a row to one run at a time. Keep it above the job's interval
 *                          (30 s), so a live shard's own runs come first; 0 turns takeover off
 * @param standaloneInterval how often the built-in scheduler runs shard 0 of 1 when no XXL-Job admin is configured
 * @param archiveAfter      finished rows (SUCCESS, SKIPPED) older than this move to message_log_hist, their
 *                          consumers' reports (message_consumer_status) are deleted with them, and publish attempts
 *                          (tx_attempt_barrier) older than this are deleted. Must be longer than
 *                          {@link #redriveHorizon()}, or the job refuses to start (docs/retention.md)
 * @param archiveBatchSize  rows moved per transaction
 * @param archiveInterval   how often the built-in scheduler archives when no XXL-Job admin is configured
 */
@Validated
@ConfigurationProperties("eventual.reconcile")
public record ReconcileProperties(
        @DefaultValue({"5m", "10m", "30m", "30m", "30m"}) @NotEmpty List<Duration> backoff,
        @DefaultValue("0.2") @DecimalMin("0.0") @DecimalMax("0.9") double jitter,
        @DefaultValue("5") @Min(0) @Max(100) int maxRetries,
        @DefaultValue("200") @Min(1) @Max(500) int pageSize,
        @DefaultValue("30s") Duration shardBudget,
        @DefaultValue("2m") Duration claimLease,
        @DefaultValue("1m") Duration downstreamDownDelay,
        @DefaultValue("45s") Duration takeoverGrace,
        @DefaultValue("30s") Duration standaloneInterval,
        @DefaultValue("30d") Duration archiveAfter,
        @DefaultValue("1000") @Min(1) @Max(10_000) int archiveBatchSize,
        @DefaultValue("1h") Duration archiveInterval) {

    /**
     * How long after an event first came due reconciliation may still re-drive it to a consumer (docs/retention.md):
     * the back-off before each of {@code maxRetries} retries at its longest (stretched by the whole {@code jitter}),
     * then a claim lease (a run that died holding the row) and the takeover grace (a shard whose executor is gone).
     * 2 h 8 min 45 s with the defaults. The consumers keep their records longer than this (it goes with every cleanup
     * call), and {@code archiveAfter} must be longer too. Pages deferred while a consumer cannot be asked count no
     * retry, so a long outage can push a re-drive past it: the consumer then refuses the event and a work order opens,
     * which costs a person's look, never a second effect.
     */
    public Duration redriveHorizon() {
        long waits = 0;
        for (int retry = 1; retry <= maxRetries; retry++) {
            waits += backoff.get(Math.min(retry, backoff.size()) - 1).toMillis();
        }
        return Duration.ofMillis((long) Math.ceil(waits * (1 + jitter))).plus(claimLease).plus(takeoverGrace);
    }
}
