package dev.eventual.consumer.retention;

import java.time.Duration;

/**
 * The shortest retention that outlives every way an event can still arrive at a consumer (docs/retention.md):
 * another service handing it over late ({@code upstreamHorizon}), the broker redelivering it
 * ({@code maxReconsumeTimes} times, at RocketMQ's retry delays), an operator resending it from the dead-letter
 * queue ({@code dlqReserve}), and the clocks' skew, counted twice (the event's birth and the record's age are
 * read on different hosts). A shorter {@code keep} would turn ordinary late events into work orders.
 */
public final class RetentionFloor {

    /**
     * RocketMQ's delay before the n-th redelivery of a concurrently consumed message (levels 3 to 18 of the
     * broker's default {@code messageDelayLevel}; from the 17th on, the last one).
     */
    private static final Duration[] REDELIVERY_DELAYS = {
            Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofMinutes(1), Duration.ofMinutes(2),
            Duration.ofMinutes(3), Duration.ofMinutes(4), Duration.ofMinutes(5), Duration.ofMinutes(6),
            Duration.ofMinutes(7), Duration.ofMinutes(8), Duration.ofMinutes(9), Duration.ofMinutes(10),
            Duration.ofMinutes(20), Duration.ofMinutes(30), Duration.ofHours(1), Duration.ofHours(2)};

    private RetentionFloor() {
    }

    /** The broker's redelivery window: the sum of its delays for {@code maxReconsumeTimes} redeliveries. */
    public static Duration redeliveryWindow(int maxReconsumeTimes) {
        Duration window = Duration.ZERO;
        for (int n = 0; n < maxReconsumeTimes; n++) {
            window = window.plus(REDELIVERY_DELAYS[Math.min(n, REDELIVERY_DELAYS.length - 1)]);
        }
        return window;
    }

    public static Duration of(RetentionProperties retention, int maxReconsumeTimes) {
        return retention.upstreamHorizon()
                .plus(redeliveryWindow(maxReconsumeTimes))
                .plus(retention.dlqReserve())
                .plus(retention.skewAllowance().multipliedBy(2));
    }

    /** @throws IllegalStateException naming the property, the floor and what it is made of, when keep is shorter */
    public static void check(RetentionProperties retention, int maxReconsumeTimes, String maxReconsumeProperty) {
        Duration floor = of(retention, maxReconsumeTimes);
        if (retention.keep().compareTo(floor) < 0) {
            throw new IllegalStateException("eventual.consumer.retention.keep = " + retention.keep()
                    + " is shorter than the last moment an event can still arrive, " + floor
                    + ": upstream-horizon " + retention.upstreamHorizon()
                    + " + the broker's redelivery window " + redeliveryWindow(maxReconsumeTimes)
                    + " (" + maxReconsumeProperty + " = " + maxReconsumeTimes + ")"
                    + " + dlq-reserve " + retention.dlqReserve()
                    + " + 2 x skew-allowance " + retention.skewAllowance()
                    + ". Keep records longer, or shorten one of these (docs/retention.md)");
        }
    }
}
