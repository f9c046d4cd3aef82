package dev.eventual.launcher.invariants;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.inventory.deduct.DeductStatus;
import dev.eventual.launcher.invariants.DatabaseSnapshot.Deduction;
import dev.eventual.launcher.invariants.DatabaseSnapshot.Event;
import dev.eventual.launcher.invariants.DatabaseSnapshot.EventKey;
import dev.eventual.launcher.invariants.DatabaseSnapshot.Order;
import dev.eventual.notice.store.NoticeStatus;
import dev.eventual.order.core.status.OrderStatus;

import java.util.List;

/**
 * What a consumer reported in order_db's message_consumer_status against what it did in its own
 * database: reconciliation, the order's readers and the stock gate's repair trust the reports, so a
 * report that is not true (a forged one, issue 40) must show.
 * <ul>
 *   <li>{@value #REPORT_TRUE}, SUCCESS: inventory's for ORDER_CREATED has its deduct record SUCCESS, or
 *       RELEASED (taken, then given back by the cancel), with the order's SKU and quantity; for
 *       ORDER_CANCELED the record RELEASED or FENCED; notice's has its notice_log row of the event's type
 *       SUCCESS. A consumer reports only after its effect committed, and order_db is read before the
 *       other two, so nothing excuses a SUCCESS without its effect.</li>
 *   <li>{@value #REPORT_TRUE}, FAIL: nothing applied: inventory's for ORDER_CREATED no stock held (the
 *       record not SUCCESS), for ORDER_CANCELED nothing released or fenced; notice's no notice recorded sent.</li>
 *   <li>{@value #REPORT_TRUE}, REFUSED: the consumer's record of the event is REFUSED (a consumer writes one
 *       only where it had none, docs/retention.md).</li>
 *   <li>{@value #EFFECT_REPORTED}: stock held for an order (record SUCCESS) has inventory's ORDER_CREATED
 *       report, a record RELEASED or FENCED its ORDER_CANCELED report, a notice sent its event's notice
 *       report (SUCCESS or FAIL: a FAIL is the rule above's).</li>
 * </ul>
 * A FAIL over an effect, and an effect without a report, are the report lag while the event is
 * unfinished ({@link Quiescence}: reconciliation records the reports it finds missing before it finishes
 * an event) or a person's once it has a work order: a retry's SUCCESS may still be on its way. A canceled
 * order's create is its cancel's to compensate, and reconciliation settles it without reports
 * (docs/reconciliation.md), so neither of these two rules looks at it; a cancel's effect on an order
 * without a committed cancel event, or on no order, is {@link CancelInvariants}' and the checker's
 * "no effect without a committed order". Retention (docs/retention.md): an archived event's reports went with
 * the archive, so its effect owes none; a SUCCESS whose record retention may have cleaned is not untrue.
 */
final class ConsumerStatusInvariants {

    static final String REPORT_TRUE = "consumer status matches its effect";
    static final String EFFECT_REPORTED = "effect reported by its consumer";

    private ConsumerStatusInvariants() {
    }

    static void check(DatabaseSnapshot db, Retentions retentions, List<Violation> violations) {
        db.inventoryReports().forEach((event, status) -> {
            Order order = db.orders().get(event.orderId());
            boolean cleaned = !db.deductions().containsKey(event.orderId()) && order != null
                    && retentions.mayHaveCleaned(Retentions.DEDUCT_LOG, order.createdAge());
            if (!cleaned) {
                inventoryReportTrue(db, event, status, violations);
            }
        });
        db.noticeReports().forEach((event, status) -> {
            Event row = db.committedEvents().get(event);
            boolean cleaned = !db.notices().containsKey(event) && row != null
                    && retentions.mayHaveCleaned(Retentions.NOTICE_LOG, row.age());
            if (!cleaned) {
                noticeReportTrue(db, event, status, violations);
            }
        });
        deductionsReported(db, violations);
        noticesReported(db, violations);
    }

    private static void inventoryReportTrue(DatabaseSnapshot db, EventKey event, ConsumeStatus status,
                                            List<Violation> violations) {
        Deduction deduction = db.deductions().get(event.orderId());
        String found = "inventory " + status + " for " + event.type() + ", deduct record "
                + (deduction == null ? "missing" : deduction.status());
        boolean created = event.type() == OrderEventType.ORDER_CREATED;
        Order order = db.orders().get(event.orderId());
        if (status == ConsumeStatus.SUCCESS) {
            if (created ? !took(deduction) : !CancelInvariants.givenBackOrNeverTaken(deduction)) {
                violations.add(violation(REPORT_TRUE, event, found));
            } else if (created && order != null
                    && (order.skuId() != deduction.skuId() || order.quantity() != deduction.quantity())) {
                violations.add(violation(REPORT_TRUE, event, "inventory SUCCESS for ORDER_CREATED, deducted "
                        + deduction.quantity() + " of sku " + deduction.skuId() + ", ordered " + order.quantity()
                        + " of sku " + order.skuId()));
            }
        } else if (status == ConsumeStatus.FAIL && !excused(db, event)) {
            boolean applied = created ? deduction != null && deduction.status() == DeductStatus.SUCCESS
                    : CancelInvariants.givenBackOrNeverTaken(deduction);
            if (applied) {
                violations.add(violation(REPORT_TRUE, event, found));
            }
        } else if (status == ConsumeStatus.REFUSED && (deduction == null || deduction.status() != DeductStatus.REFUSED)) {
            violations.add(violation(REPORT_TRUE, event, found));
        }
    }

    private static void noticeReportTrue(DatabaseSnapshot db, EventKey event, ConsumeStatus status,
                                         List<Violation> violations) {
        NoticeStatus notice = db.notices().get(event);
        boolean sent = notice == NoticeStatus.SUCCESS;
        if ((status == ConsumeStatus.SUCCESS && !sent) || (status == ConsumeStatus.FAIL && sent && !excused(db, event))
                || (status == ConsumeStatus.REFUSED && notice != NoticeStatus.REFUSED)) {
            violations.add(violation(REPORT_TRUE, event, "notice " + status + " for " + event.type() + ", notice record "
                    + (notice == null ? "missing" : notice)));
        }
    }

    private static void deductionsReported(DatabaseSnapshot db, List<Violation> violations) {
        db.deductions().forEach((order, deduction) -> {
            EventKey event = switch (deduction.status()) {
                case SUCCESS -> new EventKey(order, OrderEventType.ORDER_CREATED);
                case RELEASED, FENCED -> new EventKey(order, OrderEventType.ORDER_CANCELED);
                // a refused event applied nothing (docs/retention.md): no effect owes a report
                case FAIL, REFUSED -> null;
            };
            if (event != null && owesReport(db, event)) {
                reported(event, "deduct record " + deduction.status(), "inventory", db.inventoryReports().get(event),
                        violations);
            }
        });
    }

    private static void noticesReported(DatabaseSnapshot db, List<Violation> violations) {
        db.notices().forEach((event, status) -> {
            if (status == NoticeStatus.SUCCESS && owesReport(db, event)) {
                reported(event, "notice record SUCCESS", "notice", db.noticeReports().get(event), violations);
            }
        });
    }

    private static void reported(EventKey event, String effect, String consumer, ConsumeStatus status,
                                 List<Violation> violations) {
        if (status != ConsumeStatus.SUCCESS && status != ConsumeStatus.FAIL) {
            violations.add(violation(EFFECT_REPORTED, event, effect + ", " + consumer + "'s " + event.type() + " status "
                    + (status == null ? "missing" : status)));
        }
    }

    /**
     * Whether the event's effect must have been reported by now: its order exists, a cancel event committed,
     * the order is not a canceled one's create, and the event is neither unfinished nor a person's.
     */
    private static boolean owesReport(DatabaseSnapshot db, EventKey event) {
        Event row = db.committedEvents().get(event);
        return db.orders().containsKey(event.orderId()) && row != null && !row.archived() && !excused(db, event);
    }

    /** Unfinished, a person's, or a canceled order's create: a report may lag or never come, by design. */
    private static boolean excused(DatabaseSnapshot db, EventKey event) {
        return db.unfinishedEvents().contains(event) || db.workOrders().contains(event)
                || event.type() == OrderEventType.ORDER_CREATED && db.orderStatus(event.orderId()) == OrderStatus.CANCELED;
    }

    /** Stock was taken for the order: still held, or given back by its cancel. */
    private static boolean took(Deduction deduction) {
        return deduction != null
                && (deduction.status() == DeductStatus.SUCCESS || deduction.status() == DeductStatus.RELEASED);
    }

    private static Violation violation(String invariant, EventKey event, String detail) {
        return new Violation(invariant, "order " + event.orderId(), detail);
    }
}
