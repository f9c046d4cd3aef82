package dev.eventual.order.core.outbox;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

import java.util.concurrent.TimeUnit;

/**
 * Whether to ask the broker at all (issue 39): once sends fail, publications go straight to the fallback
 * and the relay pauses, so an outage costs no send timeout per order. Resilience4j's count-based breaker:
 * open on the configured failure rate, half-open probes after the open time (the first publication or
 * relay run that asks), closed again when the probes are stored. Half-message sends and the relay's sends
 * feed the same breaker: both go to the same brokers.
 */
@Component
@EnableConfigurationProperties(BrokerFallbackProperties.class)
class BrokerBreaker {

    private static final Logger log = LoggerFactory.getLogger(BrokerBreaker.class);

    private final CircuitBreaker breaker;

    BrokerBreaker(BrokerFallbackProperties properties) {
        this.breaker = CircuitBreaker.of("broker", CircuitBreakerConfig.custom()
                .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .slidingWindowSize(properties.slidingWindowSize())
                .minimumNumberOfCalls(properties.minimumNumberOfCalls())
                .failureRateThreshold(properties.failureRateThreshold())
                .waitDurationInOpenState(properties.waitInOpenState())
                .permittedNumberOfCallsInHalfOpenState(properties.callsInHalfOpenState())
                .build());
        breaker.getEventPublisher().onStateTransition(event ->
                log.warn("Broker circuit breaker {}", event.getStateTransition()));
    }

    /** Whether a send may be tried now; every yes must be followed by {@link #stored}, {@link #notStored} or {@link #released}. */
    boolean permits() {
        return breaker.tryAcquirePermission();
    }

    void stored(long startedNanos) {
        breaker.onSuccess(System.nanoTime() - startedNanos, TimeUnit.NANOSECONDS);
    }

    void notStored(long startedNanos, Throwable why) {
        breaker.onError(System.nanoTime() - startedNanos, TimeUnit.NANOSECONDS, why);
    }

    /** The send was not tried after all, or failed for a reason that says nothing about the broker. */
    void released() {
        breaker.releasePermission();
    }

    CircuitBreaker.State state() {
        return breaker.getState();
    }

    /** For tests that need the broker's answers counted from a known state. */
    void reset() {
        breaker.reset();
    }
}
