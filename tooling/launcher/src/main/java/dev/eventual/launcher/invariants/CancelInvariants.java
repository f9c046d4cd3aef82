package dev.eventual.launcher.invariants;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.status.OrderStatus;
import dev.eventual.inventory.deduct.DeductStatus;
import dev.eventual.launcher.invariants.DatabaseSnapshot.Deduction;
import dev.eventual.launcher.invariants.DatabaseSnapshot.EventKey;
import dev.eventual.notice.store.NoticeStatus;

import java.util.List;

/**
 * What a cancel must leave behind, read from the three databases:
 * <ul>
 *   <li>{@value #COMMITTED_TOGETHER}: an order is CANCELED exactly when its ORDER_CANCELED event
 *       committed (the status change and the event are one local transaction);</li>
 *   <li>{@value #STOCK_RELEASED}: a CANCELED order's deduct record is RELEASED (taken, given back)
 *       or FENCED (never taken), and only a CANCELED order has such a record. That the release gave
 *       the units back exactly once is stock conservation, which counts only SUCCESS records as
 *       taken: a second release shows as stock from nowhere;</li>
 *   <li>{@value #NOTICE_SENT}: a CANCELED order's cancel notice is recorded SUCCESS, and only a
 *       CANCELED order has a cancel notice. notice_log holds one row per (order, type), so this is
 *       one notice; a resend after a crash between sending and recording is allowed by design (the
 *       receiver drops it by its stable Message-ID) and cannot be seen from the databases.</li>
 * </ul>
 * A canceled order whose cancel event ran out of retries and waits in exactly one open work order
 * is exempt from the last two: a person has to act, and the reconciliation invariant holds. So is a record
 * its consumer refused (REFUSED: the event came after the retention) once the event has a work order, and
 * a record or event that retention may have cleaned ({@link Retentions}: the cancel is at least as old as the
 * order's last change).
 */
final class CancelInvariants {

    static final String COMMITTED_TOGETHER = "cancel committed with its event";
    static final String STOCK_RELEASED = "canceled: stock released once or never taken";
    static final String NOTICE_SENT = "canceled: cancel notice sent once";

    private CancelInvariants() {
    }

    static void check(DatabaseSnapshot db, Retentions retentions, List<Violation> violations) {
        committedTogether(db, retentions, violations);
        stockReleased(db, retentions, violations);
        noticeSent(db, retentions, violations);
    }

    private static void committedTogether(DatabaseSnapshot db, Retentions retentions, List<Violation> violations) {
        long gone = retentions.seconds(Retentions.MESSAGE_LOG) + retentions.seconds(Retentions.HISTORY);
        db.orders().forEach((order, row) -> {
            if (row.status() == OrderStatus.CANCELED && !db.committedEvents().containsKey(canceled(order))
                    && row.updatedAge() < gone) {
                violations.add(new Violation(COMMITTED_TOGETHER, "order " + order, "CANCELED without an ORDER_CANCELED event"));
            }
        });
        for (EventKey event : db.committedEvents().keySet()) {
            OrderStatus status = db.orderStatus(event.orderId());
            if (event.type() == OrderEventType.ORDER_CANCELED && status != OrderStatus.CANCELED) {
                violations.add(new Violation(COMMITTED_TOGETHER, "order " + event.orderId(),
                        "ORDER_CANCELED event committed, order " + (status == null ? "missing" : status)));
            }
        }
    }

    private static void stockReleased(DatabaseSnapshot db, Retentions retentions, List<Violation> violations) {
        db.orders().forEach((order, row) -> {
            Deduction deduction = db.deductions().get(order);
            boolean cleaned = deduction == null && retentions.mayHaveCleaned(Retentions.DEDUCT_LOG, row.updatedAge());
            boolean refused = deduction != null && deduction.status() == DeductStatus.REFUSED
                    && db.workOrders().contains(canceled(order));
            if (row.status() == OrderStatus.CANCELED && !givenBackOrNeverTaken(deduction)
                    && !db.awaitsOperator(canceled(order)) && !cleaned && !refused) {
                violations.add(new Violation(STOCK_RELEASED, "order " + order, deduction == null
                        ? "CANCELED, no deduct record: the cancel never reached inventory"
                        : "CANCELED, inventory " + deduction.status()
                        + (deduction.status() == DeductStatus.SUCCESS ? ": stock still taken" : "")));
            }
        });
        db.deductions().forEach((order, deduction) -> {
            OrderStatus status = db.orderStatus(order);
            if (givenBackOrNeverTaken(deduction) && status != OrderStatus.CANCELED) {
                violations.add(new Violation(STOCK_RELEASED, "order " + order, "inventory " + deduction.status()
                        + " for an order that is " + (status == null ? "missing" : status)));
            }
        });
    }

    private static void noticeSent(DatabaseSnapshot db, Retentions retentions, List<Violation> violations) {
        db.orders().forEach((order, row) -> {
            NoticeStatus notice = db.notices().get(canceled(order));
            boolean cleaned = notice == null && retentions.mayHaveCleaned(Retentions.NOTICE_LOG, row.updatedAge());
            boolean refused = notice == NoticeStatus.REFUSED && db.workOrders().contains(canceled(order));
            if (row.status() == OrderStatus.CANCELED && notice != NoticeStatus.SUCCESS && !db.awaitsOperator(canceled(order))
                    && !cleaned && !refused) {
                violations.add(new Violation(NOTICE_SENT, "order " + order,
                        "CANCELED, cancel notice " + (notice == null ? "missing" : notice)));
            }
        });
        db.notices().forEach((notice, noticeStatus) -> {
            OrderStatus status = db.orderStatus(notice.orderId());
            if (notice.type() == OrderEventType.ORDER_CANCELED && status != OrderStatus.CANCELED) {
                violations.add(new Violation(NOTICE_SENT, "order " + notice.orderId(), "cancel notice " + noticeStatus
                        + " for an order that is " + (status == null ? "missing" : status)));
            }
        });
    }

    static boolean givenBackOrNeverTaken(Deduction deduction) {
        return deduction != null
                && (deduction.status() == DeductStatus.RELEASED || deduction.status() == DeductStatus.FENCED);
    }

    private static EventKey canceled(long order) {
        return new EventKey(order, OrderEventType.ORDER_CANCELED);
    }
}
