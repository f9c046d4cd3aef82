package dev.eventual.consumer.retention;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * {@code eventual.consumer.retention.*}: how long this consumer keeps its dedup records (inventory_deduct_log in
 * inventory-service, notice_log in notice-service) and what it does with an event that comes later
 * (docs/retention.md). A service refuses to start with a {@code keep} below {@link RetentionFloor}.
 *
 * @param keep            a record untouched for this long is cleaned; an event older than this (less
 *                        {@code skewAllowance}) whose record is missing is refused, never applied. 30 days: seed 000's
 *                        archive horizon, and the time a paid order can still be canceled without a work order
 * @param skewAllowance   how far the producer's clock (the event's time) may run ahead of this database's clock
 *                        (the record's): events this close to the horizon are refused too
 * @param upstreamHorizon the longest time after an event's birth that another service may still hand it over:
 *                        order-service's relay (about 67 min with its defaults) and reconcile-job's re-drives
 *                        (its back-off, about 2 h 6 min at most with its defaults). Reconcile-job sends its own
 *                        schedule with every cleanup call and the cleanup is refused if it is longer
 * @param dlqReserve      how long the broker keeps a dead-lettered event that an operator may still resend: the
 *                        broker's {@code fileReservedTime} (72 h by default)
 * @param batchSize       records deleted per statement (one short transaction each)
 * @param budget          one cleanup call stops starting batches after this
 */
@Validated
@ConfigurationProperties("eventual.consumer.retention")
public record RetentionProperties(
        @DefaultValue("30d") Duration keep,
        @DefaultValue("5m") Duration skewAllowance,
        @DefaultValue("1d") Duration upstreamHorizon,
        @DefaultValue("72h") Duration dlqReserve,
        @DefaultValue("1000") @Min(1) @Max(10_000) int batchSize,
        @DefaultValue("20s") Duration budget) {

    /**
     * These properties with the caller's horizon in place of {@code upstreamHorizon} when it is the longer one: a
     * cleanup call checks its floor against whichever service may hand an event over the latest.
     */
    public RetentionProperties withCallerHorizon(Duration callerHorizon) {
        Duration horizon = callerHorizon.compareTo(upstreamHorizon) > 0 ? callerHorizon : upstreamHorizon;
        return new RetentionProperties(keep, skewAllowance, horizon, dlqReserve, batchSize, budget);
    }
}
