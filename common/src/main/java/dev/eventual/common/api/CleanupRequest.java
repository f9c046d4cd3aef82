package dev.eventual.common.api;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/**
 * reconcile-job asks a consumer to clean its records past their retention (docs/retention.md).
 *
 * @param upstreamHorizonSeconds the longest time after an event's birth that reconcile-job may still re-drive it
 *                               (its back-off schedule, with jitter). The consumer refuses the cleanup (409, nothing
 *                               deleted) while its retention does not outlive this horizon too
 */
public record CleanupRequest(@NotNull @Min(0) @Max(MAX_HORIZON_SECONDS) Long upstreamHorizonSeconds) {

    /** A year: no schedule is longer. */
    public static final long MAX_HORIZON_SECONDS = 366L * 24 * 3600;
}
