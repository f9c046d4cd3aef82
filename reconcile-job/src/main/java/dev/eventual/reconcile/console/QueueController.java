package dev.eventual.reconcile.console;

import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.reconcile.workorder.BulkAction;
import dev.eventual.common.messaging.OrderEventType;
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

/**
 * The work-order queue: open or all, filtered by status, event type, age, SKU and reason, with counts and the
 * consistency lag; where it shows the open work orders of a SKU or a reason, a bulk RETRY or CLOSE of them all.
 */
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

        WorkOrders.Status status() {
            return this == ALL ? null : WorkOrders.Status.valueOf(name());
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
    record Counts(long open, long resolved, List<WorkOrders.Tally> byType) {

        static Counts of(List<WorkOrders.Tally> tally) {
            return new Counts(total(tally, WorkOrders.Status.OPEN), total(tally, WorkOrders.Status.RESOLVED), tally);
        }

        private static long total(List<WorkOrders.Tally> tally, WorkOrders.Status status) {
            return tally.stream().filter(t -> t.status() == status).mapToLong(WorkOrders.Tally::count).sum();
        }
    }

    private final WorkOrders workOrders;
    private final MeterRegistry meters;
    private final Clock clock;

    QueueController(WorkOrders workOrders, MeterRegistry meters, Clock clock) {
        this.workOrders = workOrders;
        this.meters = meters;
        this.clock = clock;
    }

    @GetMapping("/console")
    String queue(@RequestParam(defaultValue = "OPEN") Shown shown, @RequestParam(required = false) OrderEventType eventType,
                 @RequestParam(required = false) Age olderThan, @RequestParam(required = false) String skuId,
                 @RequestParam(required = false) String reason, @RequestParam(defaultValue = "0") int page, Model model) {
        int shownPage = Math.max(0, Math.min(page, LAST_PAGE));
        LocalDateTime openedBefore = olderThan == null ? null : LocalDateTime.now(clock).minus(olderThan.duration);
        String type = eventType == null ? null : eventType.name();
        BulkForm.Filter filter = BulkForm.Filter.of(skuId, reason);
        WorkOrders.QueueFilter queued = new WorkOrders.QueueFilter(shown.status(), type, openedBefore, filter.sku(),
                filter.reason());
        long matching = workOrders.queueCount(queued);
        model.addAttribute("rows", workOrders.queue(queued, (long) shownPage * PAGE_SIZE, PAGE_SIZE));
        model.addAttribute("matching", matching);
        model.addAttribute("page", shownPage);
        model.addAttribute("pages", Math.max(1, (matching + PAGE_SIZE - 1) / PAGE_SIZE));
        model.addAttribute("counts", Counts.of(workOrders.tally()));
        model.addAttribute("lagSeconds", lagSeconds());
        model.addAttribute("shown", shown);
        model.addAttribute("eventType", eventType);
        model.addAttribute("olderThan", olderThan);
        model.addAttribute("skuId", filter.sku());
        model.addAttribute("reason", filter.reason());
        model.addAttribute("shownValues", Shown.values());
        model.addAttribute("eventTypes", OrderEventType.values());
        model.addAttribute("ages", Age.values());
        // the bulk act works every open work order of a SKU or a reason, whatever their age: offered where the
        // queue shows exactly those
        model.addAttribute("bulkOffered", shown == Shown.OPEN && olderThan == null && filter.narrowed() && matching > 0);
        model.addAttribute("bulkActions", BulkAction.values());
        return "console/queue";
    }

    /** The gauge operators alert on, read as a scrape would (its query runs now); null when it is not registered. */
    private Long lagSeconds() {
        Gauge lag = meters.find(LAG_GAUGE).gauge();
        return lag == null ? null : Math.round(lag.value());
    }
}
