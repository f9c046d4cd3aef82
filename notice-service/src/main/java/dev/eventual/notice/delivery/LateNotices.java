package dev.eventual.notice.delivery;

import dev.eventual.consumer.retention.LateEvents;
import dev.eventual.notice.compose.NoticeRequest;
import org.springframework.stereotype.Component;


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
        return lateEvents.refusal("event born", request.born()).orElse(null);
    }
}
