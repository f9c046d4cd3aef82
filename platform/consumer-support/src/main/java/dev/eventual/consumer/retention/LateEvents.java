package dev.eventual.consumer.retention;

import java.time.Clock;
import java.time.Instant;

/**
 * Which events may no longer be applied without their record (docs/retention.md, "A late event"). A record is
 * cleaned only once it is {@code keep} old by this database's clock, and it was written after the event's birth
 * (within the clocks' skew), so an event born at least {@code keep - skewAllowance} ago is the only kind whose
 * missing record may have been cleaned. Such an event is refused, never applied: a cleaned record can then
 * never mean a second deduction or a second notice.
 */
public final class LateEvents {

    private final RetentionProperties retention;
    private final Clock clock;

    public LateEvents(RetentionProperties retention, Clock clock) {
        this.retention = retention;
        this.clock = clock;
    }

    /** @param born the time the consumer's record of the event is judged by; null (unknown) counts as late */
    public boolean beyondRetention(Instant born) {
        return born == null || born.isBefore(clock.instant().minus(retention.keep()).plus(retention.skewAllowance()));
    }

    public RetentionProperties retention() {
        return retention;
    }
}
