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
 * @param archiveAfter      finished rows (SUCCESS, SKIPPED) older than this move to message_log_hist, and publish
 *                          attempts (tx_attempt_barrier) older than this are deleted
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
}
