package dev.eventual.launcher.invariants;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.inventory.deduct.DeductStatus;
import dev.eventual.launcher.invariants.DatabaseSnapshot.Deduction;
import dev.eventual.launcher.invariants.DatabaseSnapshot.Event;
import dev.eventual.launcher.invariants.DatabaseSnapshot.EventKey;
import dev.eventual.launcher.invariants.DatabaseSnapshot.Order;
import dev.eventual.notice.store.NoticeStatus;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.core.status.OrderStatus;
import dev.eventual.order.core.status.ReconcileStatus;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.eventual.common.messaging.OrderEventType.ORDER_CANCELED;
import static dev.eventual.common.messaging.OrderEventType.ORDER_CREATED;
import static dev.eventual.launcher.invariants.ConsumerStatusInvariants.EFFECT_REPORTED;
import static dev.eventual.launcher.invariants.ConsumerStatusInvariants.REPORT_TRUE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The consumer status rules on each kind of report and effect; ReadOnlyCheckIT plants the same lies in a
 * database and reads them back through the command.
 */
class ConsumerStatusInvariantsTest {

    private static final long SKU = 5;
    private static final int QUANTITY = 3;

    private final Rows rows = new Rows();

    @Test
    void reportsThatMatchTheirEffectsHoldEveryRule() {
        rows.deducted(1);
        rows.canceled(2, DeductStatus.RELEASED);
        rows.canceled(3, DeductStatus.FENCED);
        // oversold: nothing taken, reported FAIL, handed to a person
        rows.order(4, OrderStatus.CREATED);
        rows.event(4, ORDER_CREATED, ReconcileStatus.FAIL);
        rows.workOrders.add(new EventKey(4, ORDER_CREATED));
        rows.deduction(4, DeductStatus.FAIL, QUANTITY);
        rows.inventoryReport(4, ORDER_CREATED, ConsumeStatus.FAIL);
        rows.noticeSent(4, ORDER_CREATED);
        rows.noticeReports.put(new EventKey(4, ORDER_CREATED), ConsumeStatus.SUCCESS);

        assertThat(rows.violations()).isEmpty();
    }

    @Test
    void aSuccessWithoutItsEffectIsReportedEvenWhileTheEventIsUnfinished() {
        // issue 40's forgery: an oversold order reported SUCCESS by inventory, no stock taken
        rows.deducted(1);
        rows.deductions.put(1L, new Deduction(SKU, QUANTITY, DeductStatus.FAIL));
        rows.deducted(2);
        rows.deductions.remove(2L);
        rows.deducted(3);
        rows.deductions.put(3L, new Deduction(SKU, QUANTITY - 1, DeductStatus.SUCCESS));
        rows.canceled(4, DeductStatus.SUCCESS);
        rows.deducted(5);
        rows.notices.remove(new EventKey(5, ORDER_CREATED));
        rows.canceled(6, DeductStatus.FENCED);
        rows.notices.put(new EventKey(6, ORDER_CANCELED), NoticeStatus.PROCESSING);
        for (long order = 1; order <= 6; order++) {
            rows.unfinished.add(new EventKey(order, ORDER_CREATED));
            rows.unfinished.add(new EventKey(order, ORDER_CANCELED));
        }

        assertThat(rows.violations()).containsExactlyInAnyOrder(
                new Violation(REPORT_TRUE, "order 1", "inventory SUCCESS for ORDER_CREATED, deduct record FAIL"),
                new Violation(REPORT_TRUE, "order 2", "inventory SUCCESS for ORDER_CREATED, deduct record missing"),
                new Violation(REPORT_TRUE, "order 3",
                        "inventory SUCCESS for ORDER_CREATED, deducted 2 of sku 5, ordered 3 of sku 5"),
                new Violation(REPORT_TRUE, "order 4", "inventory SUCCESS for ORDER_CANCELED, deduct record SUCCESS"),
                new Violation(REPORT_TRUE, "order 5", "notice SUCCESS for ORDER_CREATED, notice record missing"),
                new Violation(REPORT_TRUE, "order 6", "notice SUCCESS for ORDER_CANCELED, notice record PROCESSING"));
    }

    @Test
    void aFailOverAnAppliedEffectIsReportedOnceTheEventIsFinishedAndNoPersonHasIt() {
        rows.deducted(1);
        rows.inventoryReport(1, ORDER_CREATED, ConsumeStatus.FAIL);
        rows.canceled(2, DeductStatus.RELEASED);
        rows.noticeReports.put(new EventKey(2, ORDER_CANCELED), ConsumeStatus.FAIL);
        // a retry's SUCCESS still on its way, and one a person has
        rows.deducted(3);
        rows.inventoryReport(3, ORDER_CREATED, ConsumeStatus.FAIL);
        rows.unfinished.add(new EventKey(3, ORDER_CREATED));
        rows.deducted(4);
        rows.noticeReports.put(new EventKey(4, ORDER_CREATED), ConsumeStatus.FAIL);
        rows.workOrders.add(new EventKey(4, ORDER_CREATED));

        assertThat(rows.violations()).containsExactlyInAnyOrder(
                new Violation(REPORT_TRUE, "order 1", "inventory FAIL for ORDER_CREATED, deduct record SUCCESS"),
                new Violation(REPORT_TRUE, "order 2", "notice FAIL for ORDER_CANCELED, notice record SUCCESS"));
    }

    @Test
    void anEffectWithoutItsReportIsReportedOnceTheEventIsFinishedAndNoPersonHasIt() {
        rows.deducted(1);
        rows.inventoryReports.remove(new EventKey(1, ORDER_CREATED));
        rows.canceled(2, DeductStatus.FENCED);
        rows.inventoryReports.remove(new EventKey(2, ORDER_CANCELED));
        rows.deducted(3);
        rows.noticeReports.put(new EventKey(3, ORDER_CREATED), ConsumeStatus.PROCESSING);
        // the report lag: still unfinished, or a person's
        rows.deducted(4);
        rows.inventoryReports.remove(new EventKey(4, ORDER_CREATED));
        rows.unfinished.add(new EventKey(4, ORDER_CREATED));
        rows.canceled(5, DeductStatus.RELEASED);
        rows.noticeReports.remove(new EventKey(5, ORDER_CANCELED));
        rows.workOrders.add(new EventKey(5, ORDER_CANCELED));

        assertThat(rows.violations()).containsExactlyInAnyOrder(
                new Violation(EFFECT_REPORTED, "order 1", "deduct record SUCCESS, inventory's ORDER_CREATED status missing"),
                new Violation(EFFECT_REPORTED, "order 2", "deduct record FENCED, inventory's ORDER_CANCELED status missing"),
                new Violation(EFFECT_REPORTED, "order 3", "notice record SUCCESS, notice's ORDER_CREATED status PROCESSING"));
    }

    @Test
    void aCanceledOrdersCreateIsLeftToItsCancel() {
        // reconciliation settles it without asking for reports (docs/reconciliation.md)
        rows.canceled(1, DeductStatus.RELEASED);
        rows.inventoryReports.remove(new EventKey(1, ORDER_CREATED));
        rows.noticeReports.remove(new EventKey(1, ORDER_CREATED));
        rows.canceled(2, DeductStatus.FENCED);
        rows.noticeReports.put(new EventKey(2, ORDER_CREATED), ConsumeStatus.FAIL);

        assertThat(rows.violations()).isEmpty();
    }

    @Test
    void aRefusalIsTrueOnlyOverARefusedRecord() {
        // a late event refused by both consumers after their records were cleaned (docs/retention.md)
        rows.order(1, OrderStatus.PAID);
        rows.event(1, ORDER_CREATED, ReconcileStatus.FAIL);
        rows.workOrders.add(new EventKey(1, ORDER_CREATED));
        rows.deduction(1, DeductStatus.REFUSED, QUANTITY);
        rows.inventoryReport(1, ORDER_CREATED, ConsumeStatus.REFUSED);
        rows.notices.put(new EventKey(1, ORDER_CREATED), NoticeStatus.REFUSED);
        rows.noticeReports.put(new EventKey(1, ORDER_CREATED), ConsumeStatus.REFUSED);
        // a refusal reported where the consumer's record says it applied the event
        rows.deducted(2);
        rows.inventoryReport(2, ORDER_CREATED, ConsumeStatus.REFUSED);
        rows.noticeReports.put(new EventKey(2, ORDER_CREATED), ConsumeStatus.REFUSED);

        assertThat(rows.violations()).containsExactlyInAnyOrder(
                new Violation(REPORT_TRUE, "order 2", "inventory REFUSED for ORDER_CREATED, deduct record SUCCESS"),
                new Violation(REPORT_TRUE, "order 2", "notice REFUSED for ORDER_CREATED, notice record SUCCESS"),
                new Violation(EFFECT_REPORTED, "order 2", "deduct record SUCCESS, inventory's ORDER_CREATED status REFUSED"),
                new Violation(EFFECT_REPORTED, "order 2", "notice record SUCCESS, notice's ORDER_CREATED status REFUSED"));
    }

    @Test
    void aSuccessWhoseRecordRetentionMayHaveCleanedIsNotUntrue() {
        // placed 31 days ago (inventory's and notice's retention: 30 days), its records cleaned since
        rows.order(1, OrderStatus.PAID, Duration.ofDays(31));
        rows.events.put(new EventKey(1, ORDER_CREATED), new Event(MessageStatus.CONSUMED, ReconcileStatus.SUCCESS,
                Duration.ofDays(31).toSeconds(), false));
        rows.inventoryReport(1, ORDER_CREATED, ConsumeStatus.SUCCESS);
        rows.noticeReports.put(new EventKey(1, ORDER_CREATED), ConsumeStatus.SUCCESS);

        assertThat(rows.violations()).isEmpty();
    }

    @Test
    void aSuccessWhoseRecordIsMissingWithinTheRetentionIsUntrue() {
        rows.order(1, OrderStatus.PAID, Duration.ofDays(29));
        rows.events.put(new EventKey(1, ORDER_CREATED), new Event(MessageStatus.CONSUMED, ReconcileStatus.SUCCESS,
                Duration.ofDays(29).toSeconds(), false));
        rows.inventoryReport(1, ORDER_CREATED, ConsumeStatus.SUCCESS);
        rows.noticeReports.put(new EventKey(1, ORDER_CREATED), ConsumeStatus.SUCCESS);

        assertThat(rows.violations()).extracting(Violation::invariant).containsExactly(REPORT_TRUE, REPORT_TRUE);
    }

    @Test
    void anArchivedEventsEffectOwesNoReport() {
        // the archive took the event's reports with it (docs/retention.md); its records are still kept
        rows.order(1, OrderStatus.PAID);
        rows.events.put(new EventKey(1, ORDER_CREATED), new Event(MessageStatus.CONSUMED, ReconcileStatus.SUCCESS,
                Duration.ofDays(31).toSeconds(), true));
        rows.deduction(1, DeductStatus.SUCCESS, QUANTITY);
        rows.noticeSent(1, ORDER_CREATED);
        assertThat(rows.violations()).isEmpty();

        // the same event not archived owes both reports
        rows.events.put(new EventKey(1, ORDER_CREATED), new Event(MessageStatus.CONSUMED, ReconcileStatus.SUCCESS));
        assertThat(rows.violations()).extracting(Violation::invariant).containsExactly(EFFECT_REPORTED, EFFECT_REPORTED);
    }

    /** The rows of a few orders, each consistent until a test changes it. */
    private static final class Rows {

        final Map<Long, Order> orders = new HashMap<>();
        final Map<EventKey, Event> events = new HashMap<>();
        final Set<EventKey> workOrders = new HashSet<>();
        final Set<EventKey> unfinished = new HashSet<>();
        final Map<EventKey, ConsumeStatus> inventoryReports = new HashMap<>();
        final Map<EventKey, ConsumeStatus> noticeReports = new HashMap<>();
        final Map<Long, Deduction> deductions = new HashMap<>();
        final Map<EventKey, NoticeStatus> notices = new HashMap<>();

        /** A created order: stock taken, notice sent, both reported. */
        void deducted(long order) {
            order(order, OrderStatus.CREATED);
            consumed(order, ORDER_CREATED);
            deduction(order, DeductStatus.SUCCESS, QUANTITY);
        }

        /**
         * A canceled order, both events reconciled, its record in the given status; consistent with RELEASED (taken,
         * given back) and FENCED (the cancel came first, and the late create was refused and reported FAIL).
         */
        void canceled(long order, DeductStatus status) {
            order(order, OrderStatus.CANCELED);
            consumed(order, ORDER_CREATED);
            consumed(order, ORDER_CANCELED);
            deduction(order, status, QUANTITY);
            if (status == DeductStatus.FENCED) {
                inventoryReport(order, ORDER_CREATED, ConsumeStatus.FAIL);
            }
        }

        void order(long order, OrderStatus status) {
            orders.put(order, new Order(status, SKU, QUANTITY));
        }

        /** An order placed, and last changed, {@code age} ago. */
        void order(long order, OrderStatus status, Duration age) {
            orders.put(order, new Order(status, SKU, QUANTITY, age.toSeconds(), age.toSeconds()));
        }

        void event(long order, OrderEventType type, ReconcileStatus status) {
            events.put(new EventKey(order, type), new Event(MessageStatus.SENT, status));
        }

        /** Reconciled, every consumer reported SUCCESS, and the notice is sent. */
        void consumed(long order, OrderEventType type) {
            EventKey event = new EventKey(order, type);
            events.put(event, new Event(MessageStatus.CONSUMED, ReconcileStatus.SUCCESS));
            inventoryReports.put(event, ConsumeStatus.SUCCESS);
            noticeReports.put(event, ConsumeStatus.SUCCESS);
            noticeSent(order, type);
        }

        void deduction(long order, DeductStatus status, int quantity) {
            deductions.put(order, new Deduction(SKU, quantity, status));
        }

        void inventoryReport(long order, OrderEventType type, ConsumeStatus status) {
            inventoryReports.put(new EventKey(order, type), status);
        }

        void noticeSent(long order, OrderEventType type) {
            notices.put(new EventKey(order, type), NoticeStatus.SUCCESS);
        }

        List<Violation> violations() {
            DatabaseSnapshot db = new DatabaseSnapshot(orders, Map.of(), events, Set.of(), Map.of(), Map.of(), workOrders,
                    unfinished, inventoryReports, noticeReports, deductions, notices);
            List<Violation> violations = new ArrayList<>();
            ConsumerStatusInvariants.check(db, Retentions.DEFAULTS, violations);
            return violations;
        }
    }
}
