package dev.eventual.reconcile.console;

import dev.eventual.common.status.DownstreamStatus;
import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.reconcile.gate.GateReservations;

import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Everything order_db (and the stock gate) knows about one order, for one page.
 *
 * @param order null when order_db has no such order (never committed, or only events are left)
 * @param gate  null unless the stock gate is on for the order's SKU
 */
record OrderStory(long orderId, WorkOrders.Order order, List<WorkOrders.Event> events,
                  List<WorkOrders.ConsumerReport> consumers, List<WorkOrders.Audited> workOrders, GateReservations.Reservation gate) {

    /** Where an archived event is kept ({@link WorkOrders.Event#keptIn()}). */
    private static final String ARCHIVE = "message_log_hist";
    /** As the page writes times (UTC, to the second). */
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    boolean known() {
        return order != null || !events.isEmpty() || !workOrders.isEmpty();
    }

    /**
     * What became of an event the outbox wrote without the broker (issue 39; docs/design.md, "The outbox"), or
     * null for one that went through a half message. Public for the template: SpEL calls public methods only.
     */
    public String brokerNote(WorkOrders.Event event) {
        if (!event.acceptedWithoutBroker()) {
            return null;
        }
        String accepted = "accepted while the broker was down";
        if (event.relayedAt() != null) {
            return accepted + ", relayed at " + TIME.format(event.relayedAt());
        }
        String sends = sends(event.relayAttempts());
        if (event.msgStatus().equals(MessageStatus.WAITING.name())) {
            return event.nextRelayTime() != null
                    ? accepted + "; waiting for the broker, " + sends + ", next at " + TIME.format(event.nextRelayTime())
                    : accepted + "; not relayed, " + sends + ": handed to a work order";
        }
        // a consumer's report ends the relay's work on it: reconciliation re-drove it, or the relay's send was
        // stored but not marked
        return accepted + "; its consumers had it before the relay marked it sent";
    }

    /**
     * Whether some of the order's events are archived: their consumers' reports were deleted with them
     * (docs/retention.md), so the reports table shows only those of the events still in message_log. Public for the
     * template.
     */
    public boolean reportsArchived() {
        return events.stream().anyMatch(event -> ARCHIVE.equals(event.keptIn()));
    }

    /**
     * What to tell of a work order a consumer's refusal opened (its snapshot says REFUSED), or null: the event came
     * after the consumer's retention and was not applied (docs/retention.md), and a RETRY meets the same refusal.
     * Public for the template.
     */
    public String refusalNote(WorkOrders.WorkOrder workOrder) {
        String refused = DownstreamStatus.REFUSED.name();
        if (!refused.equals(workOrder.inventoryStatus()) && !refused.equals(workOrder.noticeStatus())) {
            return null;
        }
        return "a consumer refused the event: it came after the consumer's retention, so it was not applied, and a"
                + " RETRY is refused the same way. Check what the order still needs, do it by hand, then CLOSE"
                + " (or CANCEL_ORDER)";
    }

    private static String sends(int attempts) {
        return switch (attempts) {
            case 0 -> "no send tried yet";
            case 1 -> "1 send tried";
            default -> attempts + " sends tried";
        };
    }
}
