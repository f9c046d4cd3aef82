package dev.eventual.order.core.outbox;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * {@code eventual.order.broker-fallback.*}: what the outbox does when the broker cannot store a half message
 * (docs/design.md, "The outbox"), and the circuit breaker that stops asking it during an outage.
 *
 * @param enabled                   on: the event and its writes commit anyway, the event row WAITING for the
 *                                  relay, and the caller hears COMMITTED; off: the publication is refused as
 *                                  broker unavailable (503) and nothing is written
 * @param failureRateThreshold      percentage of failed half-message sends, over the last
 *                                  {@code slidingWindowSize} sends, that opens the breaker
 * @param slidingWindowSize         how many of the latest sends the failure rate is taken over
 * @param minimumNumberOfCalls      sends seen before the rate counts: the failed sends (each up to the send
 *                                  timeout) an outage costs before publications go straight to the fallback
 * @param waitInOpenState           how long the breaker stays open before it lets probes through
 * @param callsInHalfOpenState      probes that must all be stored before the breaker closes again
 */
@Validated
@ConfigurationProperties("eventual.order.broker-fallback")
record BrokerFallbackProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("50") @Min(1) @Max(100) int failureRateThreshold,
        @DefaultValue("10") @Min(1) int slidingWindowSize,
        @DefaultValue("3") @Min(1) int minimumNumberOfCalls,
        @DefaultValue("5s") Duration waitInOpenState,
        @DefaultValue("2") @Min(1) int callsInHalfOpenState) {
}
