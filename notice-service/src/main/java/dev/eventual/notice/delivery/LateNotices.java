package dev.eventual.notice.delivery;

import dev.eventual.consumer.retention.LateEvents;
import dev.eventual.notice.compose.NoticeRequest;
import org.springframework.stereotype.Component;

import java.time.Duration;

/**
 * Which notices come too late to be sent without their record (docs/retention.md, "A late event"): notice_log
 * keeps one record per (order, notice type), written after its own event, and cleans it once untouched for the
 * retention; so an event born beyond the retention whose record is missing may have had its notice sent and its
 * record cleaned. Such a notice is refused, never sent. Whether the record is missing is the claim's to find
 * ({@link NoticeClaims}): a record that exists decides, whatever the event's age.
 */
@Component
public class LateNotices {

    private final LateEvents lateEvents;

    public LateNotices(LateEvents lateEvents) {
        this.lateEvents = lateEvents;
    }

    /** @return why the request's notice is refused if it has no record, or null when its event is within the retention */
    public String refusal(NoticeRequest request) {
        if (!lateEvents.beyondRetention(request.born())) {
            return null;
        }
        return "event born " + (request.born() == null ? "at an unknown time" : request.born().toString())
                + ", older than the retention " + words(lateEvents.retention().keep());
    }

    /** {@code 30d}, {@code 36h}, {@code 90m}, {@code 45s}: the largest unit that says it exactly. */
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
}
