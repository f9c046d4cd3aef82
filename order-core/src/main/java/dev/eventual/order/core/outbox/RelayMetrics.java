package dev.eventual.order.core.outbox;

import dev.eventual.order.core.shard.OrderShards;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

import java.util.Arrays;

/**
 * The relay's meters (docs/operations.md, "The relay"): events relayed, failed sends, rows handed to work
 * orders, the broker breaker's state, and the backlog: rows WAITING for the relay and the age of the oldest,
 * over every order_db server. The backlog gauges show what {@link #backlog} last stored, never a query per
 * scrape: the relay refreshes them (one indexed query per server) at most every
 * {@link RelayProperties#backlogRefresh()}. Counters are registered at start, so rate() has a sample before the
 * first increment (docs/operations.md).
 */
@Component
class RelayMetrics {

    private final Counter relayed;
    private final Counter failures;
    private final Counter handedOver;
    private final long[] waiting;
    private final double[] oldestSeconds;

    RelayMetrics(MeterRegistry registry, BrokerBreaker breaker, OrderShards shards) {
        this.relayed = registry.counter("eventual.order.relay.sent");
        this.failures = registry.counter("eventual.order.relay.failures");
        this.handedOver = registry.counter("eventual.order.relay.handed-over");
        this.waiting = new long[shards.servers()];
        this.oldestSeconds = new double[shards.servers()];
        Gauge.builder("eventual.order.relay.waiting", this, RelayMetrics::waiting).register(registry);
        Gauge.builder("eventual.order.relay.oldest.seconds", this, RelayMetrics::oldestSeconds).baseUnit("seconds")
                .register(registry);
        // one series per state, 1 for the current one: the dashboard and an alert read the state by its name
        for (CircuitBreaker.State state : CircuitBreaker.State.values()) {
            Gauge.builder("eventual.order.broker-breaker.state", breaker, b -> b.state() == state ? 1 : 0)
                    .tag("state", state.name().toLowerCase()).register(registry);
        }
    }

    void relayed(int events) {
        relayed.increment(events);
    }

    void failed() {
        failures.increment();
    }

    void handedOver() {
        handedOver.increment();
    }

    /** What one server's backlog query found; a server that could not be asked keeps its last figures. */
    synchronized void backlog(int server, RelayMapper.Backlog backlog) {
        waiting[server] = backlog.waiting();
        oldestSeconds[server] = backlog.oldestSeconds();
    }

    private synchronized double waiting() {
        return Arrays.stream(waiting).sum();
    }

    private synchronized double oldestSeconds() {
        return Arrays.stream(oldestSeconds).max().orElse(0);
    }
}
