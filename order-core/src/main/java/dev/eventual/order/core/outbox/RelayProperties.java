package dev.eventual.order.core.outbox;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * {@code eventual.order.relay.*}: the relay that sends WAITING events to the broker ({@link OrderRelay}).
 * With the defaults a row is tried 16 times over about 67 minutes of failed sends (the
 * breaker's open time is not counted: no send is tried then) before it is handed to a work order.
 *
 * @param enabled       runs in order-service's process; off only where another instance relays
 * @param interval      pause between two runs over every order_db server
 * @param batchSize     rows claimed and sent per transaction on one server
 * @param maxAttempts   sends tried for one row before it is handed to reconciliation as a work order
 * @param firstBackOff  wait after a row's first failed send; doubled after each further one
 * @param maxBackOff    the longest wait between two sends of one row
 * @param backlogRefresh how old the backlog gauges ({@link RelayMetrics}) may get: at the end of a relay run
 *                      older figures are refreshed, one indexed query per server, so a scrape never queries
 */
@Validated
@ConfigurationProperties("eventual.order.relay")
record RelayProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("1s") Duration interval,
        @DefaultValue("500") @Min(1) @Max(1000) int batchSize,
        @DefaultValue("16") @Min(1) int maxAttempts,
        @DefaultValue("1s") Duration firstBackOff,
        @DefaultValue("10m") Duration maxBackOff,
        @DefaultValue("5s") Duration backlogRefresh) {

    /** The wait before the next send of a row whose {@code attempts}-th send (1 for the first) just failed. */
    Duration backOffAfter(int attempts) {
        int doublings = Math.min(Math.max(attempts - 1, 0), 30);
        Duration wait = firstBackOff.multipliedBy(1L << doublings);
        return wait.compareTo(maxBackOff) > 0 ? maxBackOff : wait;
    }
}
