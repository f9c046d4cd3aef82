package dev.eventual.order.id;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * {@code eventual.order.worker-id} and {@code eventual.order.worker-lease.*}.
 *
 * @param workerId    a fixed snowflake worker id (0-1023), taken only if no live instance holds it;
 *                    unset (the default): any free one is taken
 * @param workerLease how long a lease runs and how often it is renewed
 */
@Validated
@ConfigurationProperties("eventual.order")
public record WorkerIdProperties(
        @Min(0) @Max(SnowflakeIds.MAX_WORKER_ID) Integer workerId,
        @DefaultValue WorkerLease workerLease) {

    /**
     * @param duration      how long a lease runs from its last renewal (database time); after a crash
     *                      the worker id is free again this long after the last renewal
     * @param renewInterval time between renewals, and between attempts to take a lease while none is
     *                      held; at most half the duration, so a failed renewal is retried before the lease lapses
     */
    public record WorkerLease(@DefaultValue("30s") Duration duration, @DefaultValue("10s") Duration renewInterval) {

        public WorkerLease {
            if (renewInterval.isNegative() || renewInterval.isZero() || renewInterval.multipliedBy(2).compareTo(duration) > 0) {
                throw new IllegalArgumentException("eventual.order.worker-lease.renew-interval (" + renewInterval
                        + ") must be positive and at most half of eventual.order.worker-lease.duration (" + duration + ")");
            }
        }
    }
}
