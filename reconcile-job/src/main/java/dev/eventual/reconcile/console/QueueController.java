package dev.eventual.reconcile.console;

import dev.eventual.order.core.store.ConsoleMapper;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.status.WorkOrderStatus;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;

/** The work-order queue: open or all, filtered by status, event type and age, with counts and the consistency lag. */
@Controller
@ConsoleEnabled
class QueueController {

    static final int PAGE_SIZE = 50;
    /** Deep enough for any real queue; an offset beyond it would only make the database skip rows. */
    private static final int LAST_PAGE = 1_000;
    static final String LAG_GAUGE = "eventual.reconcile.lag.seconds";

    /** Which work orders the queue shows. */
    enum Shown {
        OPEN, RESOLVED, ALL;

        WorkOrderStatus status() {
            return this == ALL ? null : WorkOrderStatus.valueOf(name());
        }
    }

    /** How long ago a work order was first opened, at least. */
    enum Age {
        MINUTES_5(Duration.ofMinutes(5), "5 minutes"),
        HOUR_1(Duration.ofHours(1), "1 hour"),
        DAY_1(Duration.ofDays(1), "1 day");

        final Duration duration;
        final String label;

        Age(Duration duration, String label) {
            this.duration = duration;
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** The queue's counts: open and resolved work orders, each by event type. */
    record Counts(long open, long resolved, List<ConsoleMapper.Tally> byType) {

        static Counts of(List<ConsoleMapper.Tally> tally) {
            return new Counts(total(tally, WorkOrderStatus.OPEN), total(tally, WorkOrderStatus.RESOLVED), tally);
        }

        private static long total(List<ConsoleMapper.Tally> tally, WorkOrderStatus status) {
            return tally.stream().filter(t -> t.status() == status).mapToLong(ConsoleMapper.Tally::count).sum();
        }
    }

    private final ConsoleMapper console;
    private final MeterRegistry meters;
    private final Clock clock;

    QueueController(ConsoleMapper console, MeterRegistry meters, Clock clock) {
        this.console = console;
        this.meters = meters;
        this.clock = clock;
    }

    @GetMapping("/console")
    String queue(@RequestParam(defaultValue = "OPEN") Shown shown, @RequestParam(required = false) OrderEventType eventType,
                 @RequestParam(required = false) Age olderThan, @RequestParam(defaultValue = "0") int page, Model model) {
        int shownPage = Math.max(0, Math.min(page, LAST_PAGE));
        LocalDateTime openedBefore = olderThan == null ? null : LocalDateTime.now(clock).minus(olderThan.duration);
        String type = eventType == null ? null : eventType.name();
        long matching = console.count(shown.status(), type, openedBefore);
        model.addAttribute("rows", console.queue(shown.status(), type, openedBefore, PAGE_SIZE, shownPage * PAGE_SIZE));
        model.addAttribute("matching", matching);
        model.addAttribute("page", shownPage);
        model.addAttribute("pages", Math.max(1, (matching + PAGE_SIZE - 1) / PAGE_SIZE));
        model.addAttribute("counts", Counts.of(console.tally()));
        model.addAttribute("lagSeconds", lagSeconds());
        model.addAttribute("shown", shown);
        model.addAttribute("eventType", eventType);
        model.addAttribute("olderThan", olderThan);
        model.addAttribute("shownValues", Shown.values());
        model.addAttribute("eventTypes", OrderEventType.values());
        model.addAttribute("ages", Age.values());
        return "console/queue";
    }

    /** The gauge operators alert on, read as a scrape would (its query runs now); null when it is not registered. */
    private Long lagSeconds() {
        Gauge lag = meters.find(LAG_GAUGE).gauge();
        return lag == null ? null : Math.round(lag.value());
    }
}
