package dev.eventual.notice.support;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The service's clock for late events (its {@code LateEvents}): the system clock, until a test moves it on to play
 * the weeks a record waits for its cleanup. Only the service's judgement of an event's age moves; the database's
 * clock, which ages records, does not (a test backdates a record's {@code updated_at} instead).
 */
public final class TestClock extends Clock {

    private final AtomicReference<Duration> ahead = new AtomicReference<>(Duration.ZERO);

    /** From now on the service lives this much later than the system clock. */
    public void moveOn(Duration duration) {
        ahead.set(duration);
    }

    public void reset() {
        ahead.set(Duration.ZERO);
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(ahead.get());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the test clock is UTC");
    }
}
