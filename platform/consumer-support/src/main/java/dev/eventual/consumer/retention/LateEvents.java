package dev.eventual.consumer.retention;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Which events may no longer be applied without their record (docs/retention.md, "A late event"). A record is
 * cleaned only once it is {@code keep} old by this database's clock, and it was written after the event's birth
 * (within the clocks' skew), so an event born at least {@code keep - skewAllowance} ago is the only kind whose
 * missing record may have been cleaned. Such an event is refused, never applied: a cleaned record can then
 * never mean a second deduction or a second notice.
 */
public final class LateEvents {

    /** Every refusal's detail starts so: operators and logs tell a refusal from a business FAIL by it. */
    public static final String REFUSED = "refused: ";

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

    /**
     * Why an event born at {@code born} may not be applied without its record: {@code "<what> <born>, older than the
     * retention 30d"}; empty when it may be applied.
     *
     * @param what what happened at {@code born}, as the detail names it ("order created", "event born")
     */
    public Optional<String> refusal(String what, Instant born) {
        if (!beyondRetention(born)) {
            return Optional.empty();
        }
        return Optional.of(what + " " + (born == null ? "at an unknown time" : born.toString())
                + ", older than the retention " + words(retention.keep()));
    }

    /** {@code 30d}, {@code 36h}, {@code 90m}, {@code 45s}: the largest unit that says it exactly, as properties do. */
    static String words(Duration duration) {
        long seconds = duration.toSeconds();
        if (duration.getNano() != 0 || seconds == 0) {
            return duration.toString();
        }
        if (seconds % 86_400 == 0) {
            return seconds / 86_400 + "d";
        }
        if (seconds % 3_600 == 0) {
            return seconds / 3_600 + "h";
        }
        return seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s";
    }

    public RetentionProperties retention() {
        return retention;
    }
}
